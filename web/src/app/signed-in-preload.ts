import type { QueryClient } from '@tanstack/react-query';
import { convoListQuery, replyingListQuery, searchEnabledQuery, tagsQuery } from '@/features/chat/api/chat-queries.ts';
import { getSession } from '@/lib/auth-session.ts';
import { startupConfigQuery } from '@/lib/config-queries.ts';
import { featureShown, roleQuery } from '@/lib/permissions.ts';
import { speechConfigQuery } from '@/lib/speech/speech-queries.ts';
import { userSettingsQuery } from '@/lib/user-settings.ts';

/** The sidebar's history opens unfiltered (chat-history.tsx: no bookmark chosen yet). */
const OPENING_HISTORY = {};

/**
 * What every signed-in page's shell reads (with the sidebar's history, its replying marks and
 * bookmarks), asked for as soon as the session is restored (issue 25 §7): before, each was asked by
 * the component that reads it, once every route chunk had loaded and the shell had rendered, about
 * a second later at 4x CPU. Each answer then arrived while the page was rendering and rendered it
 * again (a conversation's deferred first render started over). The same query options the hooks
 * use, so a hook asks again only for an answer older than its staleTime by then (the live replies':
 * older than `LIVE_MOUNT_FRESH_MS`).
 */
export function preloadSignedInData(queryClient: QueryClient): void {
  const { status, user } = getSession();
  if (status !== 'authenticated') return;
  void queryClient.prefetchQuery(startupConfigQuery);
  void queryClient.prefetchQuery(userSettingsQuery);
  void queryClient.prefetchQuery(speechConfigQuery);
  void queryClient.prefetchQuery(searchEnabledQuery);
  void queryClient.prefetchInfiniteQuery(convoListQuery(OPENING_HISTORY));
  void queryClient.prefetchQuery(replyingListQuery);
  if (user) void queryClient.prefetchQuery(roleQuery(user.role));
  void prefetchBookmarks(queryClient);
}

/** The sidebar's bookmark filter lists them where the operator shows bookmarks and the role may use them. */
async function prefetchBookmarks(queryClient: QueryClient): Promise<void> {
  if (await featureShown(queryClient, 'bookmarks', 'BOOKMARKS')) await queryClient.prefetchQuery(tagsQuery);
}
