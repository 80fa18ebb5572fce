import type { LoaderFunctionArgs } from 'react-router-dom';
import { conversationViewCode } from '@/features/chat/components/conversation/conversation-view-code.ts';
import { prefetchFirstDrawData } from '@/features/chat/routes/conversation-first-draw-data.ts';
import { isNewConversationId } from '@/features/chat/lib/conversation-id.ts';
import { mayHoldSession } from '@/lib/api-client.ts';
import { preloadWhenSignedIn } from '@/lib/route-data-preload.ts';
import { preloadSignedInData } from './signed-in-preload.ts';

/**
 * /c/:conversationId's loader: starts the conversation's code and data alongside the route's own
 * chunk, without holding the navigation (it answers at once). The code goes at once for a visitor
 * who may hold a session (the hint cookie); the data waits for the session (what the first draw
 * waits for from here, the rest from the preload module), and a signed-out visitor, whom the guard
 * sends to /login, fetches nothing.
 */
export function preloadConversationRoute({ params }: LoaderFunctionArgs): null {
  const conversationId = params.conversationId;
  if (!conversationId || !mayHoldSession()) return null;
  // Asked for here, not from the preload module below: one round trip, not two, so the code is in
  // before the shell renders and the view renders with it (conversation-view-code.ts). A failure
  // is forgotten: the page asks again, and shows the error if that fails too.
  if (!isNewConversationId(conversationId)) void conversationViewCode.load();
  const preload = import('@/features/chat/routes/conversation-preload.ts');
  return preloadWhenSignedIn((queryClient) => {
    prefetchFirstDrawData(queryClient, conversationId);
    void preload.then(({ preloadConversationData }) => preloadConversationData(queryClient, conversationId), () => undefined);
  });
}

/**
 * The signed-in shell's loader: what every signed-in page reads (signed-in-preload.ts), asked for
 * from the entry as soon as the session is restored, so it is in the cache before the shell's
 * chunks have run and the shell draws once, with it. Fetched with those chunks, it left 400-500 ms
 * after the session at 1.5x CPU and each answer drew the shell again, ahead of the page's own first
 * draw (urgent updates before a transition; issue 25 §7). Answers at once.
 */
export function preloadSignedInRoute(): null {
  if (!mayHoldSession()) return null;
  return preloadWhenSignedIn(preloadSignedInData);
}
