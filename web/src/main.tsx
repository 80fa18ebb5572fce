import './styles/index.css';
import '@/lib/zod-jitless.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from '@/app/providers.tsx';
import { appRoutes } from '@/app/routes.tsx';
import { setPreloadQueryClient } from '@/lib/route-data-preload.ts';
import { mayHoldSession, setSessionExpiredHandler } from '@/lib/api-client.ts';
import { dateFormat } from '@/lib/date-format.ts';
import '@/lib/i18n.ts';
import '@/lib/sign-in-strings.ts';
import { createQueryClient } from '@/lib/query-client.ts';
import { bootstrapSession } from '@/lib/session-bootstrap.ts';
import { getSession } from '@/lib/auth-session.ts';
import { prefetchBanner } from '@/components/banner/banner-notice.tsx';
import { applyTheme, watchSystemTheme } from '@/lib/theme.ts';

applyTheme();
watchSystemTheme();
const queryClient = createQueryClient();
// Start restoring the session now, in parallel with loading the first route's chunk; the banner,
// which every layout waits for, is asked for as soon as the session is known.
void bootstrapSession().then(() => prefetchBanner(queryClient, getSession().status === 'authenticated'));
setPreloadQueryClient(queryClient);
const router = createBrowserRouter(appRoutes);
setSessionExpiredHandler(() => {
  queryClient.clear();
  void router.navigate('/login', { replace: true });
});

// The browser's date and number data load with the first Intl formatter a page builds: about 250 ms
// at 4x CPU, in one task. A signed-in page shows dates (the history at least), so it is loaded now,
// with the session's refresh and the page's code already on their way, rather than in the middle
// of the page's first draw (issue 25 §7). A signed-out page may show none and skips it.
if (mayHoldSession()) dateFormat(undefined).format(0);

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

createRoot(container).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
