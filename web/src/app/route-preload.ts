import type { LoaderFunctionArgs } from 'react-router-dom';
import { conversationViewCode } from '@/features/chat/components/conversation/conversation-view-code.ts';
import { prefetchFirstDrawData } from '@/features/chat/routes/conversation-first-draw-data.ts';
import { isNewConversationId } from '@/features/chat/lib/conversation-id.ts';
import { mayHoldSession } from '@/lib/api-client.ts';
import { preloadWhenSignedIn } from '@/lib/route-data-preload.ts';

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
 * once the session is restored. Its code is fetched with the route's chunks, so it is there when
 * the session is. Answers at once.
 */
export function preloadSignedInRoute(): null {
  if (!mayHoldSession()) return null;
  const preload = import('./signed-in-preload.ts');
  return preloadWhenSignedIn((queryClient) => void preload.then(({ preloadSignedInData }) => preloadSignedInData(queryClient), () => undefined));
}
