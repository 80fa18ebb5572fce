import './styles/index.css';
import '@/lib/zod-jitless.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from '@/app/providers.tsx';
import { appRoutes } from '@/app/routes.tsx';
import { setPreloadQueryClient } from '@/lib/route-data-preload.ts';
import { setSessionExpiredHandler } from '@/lib/api-client.ts';
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

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

createRoot(container).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
