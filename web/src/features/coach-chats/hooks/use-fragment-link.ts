import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { CoachThread } from '@meld/shared';
import { useCreateThread, useUpdateThread } from '../api/coach-queries.ts';
import { chipInputs } from '../lib/chips.ts';

/**
 * `/chats?fragment=<id>` (the fragments page's Add to Chat) starts a coach thread with that fragment
 * as a chip; with `thread=<id>` too it joins that thread's chips. Either way the thread opens.
 */
export function useFragmentLink(threads: CoachThread[] | undefined, ready: boolean) {
  const [params, setParams] = useSearchParams();
  const fragmentId = params.get('fragment');
  const threadId = params.get('thread');
  const createThread = useCreateThread();
  const updateThread = useUpdateThread();
  const handled = useRef<string | null>(null);

  useEffect(() => {
    if (!ready || !fragmentId || !threads || handled.current === fragmentId) return;
    handled.current = fragmentId;
    const open = (id: string) => setParams({ thread: id }, { replace: true });
    const existing = threadId ? threads.find((thread) => thread.id === threadId) : undefined;
    if (existing) {
      const chips = [...chipInputs(existing.contextChips), { kind: 'fragment' as const, fragmentId }];
      updateThread.mutate({ id: existing.id, change: { contextChips: chips } }, { onSettled: () => open(existing.id) });
    } else {
      createThread.mutate([{ kind: 'fragment', fragmentId }], { onSuccess: (thread) => open(thread.id), onError: () => setParams({}, { replace: true }) });
    }
  }, [ready, fragmentId, threadId, threads, createThread, updateThread, setParams]);
}
