import './styles/index.css';
import '@/lib/zod-jitless.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from '@/app/providers.tsx';
import { sharedConversationQuery } from '@/features/share/api/share-queries.ts';
import { ShareApp, shareIdFromPath } from '@/features/share/share-app.tsx';
import '@/lib/i18n.ts';
import { startupConfigQuery } from '@/lib/config-queries.ts';
import { loadLocaleParts, SHARE_PAGE_PARTS } from '@/lib/locale-parts.ts';
import { createQueryClient } from '@/lib/query-client.ts';
import { applyTheme, watchSystemTheme } from '@/lib/theme.ts';

/**
 * The public shared conversation's own entry (share.html, decision 0046): the page and what it
 * shows, without the router, the session or the signed-in app. No session is restored, so its
 * requests never carry a member's token.
 */
applyTheme();
watchSystemTheme();
const queryClient = createQueryClient();
const { pathname } = window.location;
// The conversation, the config and the page's strings are asked for together, before React starts.
void queryClient.prefetchQuery(sharedConversationQuery(shareIdFromPath(pathname)));
void queryClient.prefetchQuery(startupConfigQuery);

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');
const root = createRoot(container);
const render = () =>
  root.render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <ShareApp pathname={pathname} />
      </AppProviders>
    </StrictMode>,
  );
// A part that failed to load (offline) leaves its keys; the page still renders what it has.
loadLocaleParts(SHARE_PAGE_PARTS).then(render, render);
