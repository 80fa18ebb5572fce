import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { convoKeys } from '@/lib/convo-keys.ts';

/** How often a copy still being made is looked at again. */
export const COPY_POLL_MS = 1_000;

/** For convoQuery: while the server is still copying the conversation's messages, ask again. */
export function pollWhileCopying(query: { state: { data?: { copying?: boolean } | undefined } }): number | false {
  return query.state.data?.copying ? COPY_POLL_MS : false;
}

/**
 * A duplicate or fork is listed at once and its messages are copied by the server's background
 * worker (decision 0034): once the conversation stops being marked, its messages are read again.
 */
export function useRefetchWhenCopied(conversationId: string, copying: boolean | undefined): void {
  const queryClient = useQueryClient();
  const wasCopying = useRef(false);
  useEffect(() => {
    if (copying) wasCopying.current = true;
    else if (wasCopying.current) {
      wasCopying.current = false;
      void queryClient.invalidateQueries({ queryKey: convoKeys.messages(conversationId) });
    }
  }, [conversationId, copying, queryClient]);
}
