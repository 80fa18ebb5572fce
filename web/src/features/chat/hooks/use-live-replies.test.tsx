import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, setSession } from '@/lib/auth-session.ts';
import { callsTo, mockApi } from '@/test/mock-api.ts';
import { testUser } from '@/test/fixtures.ts';
import { testQueryClient } from '@/test/render.tsx';
import { LIVE_MOUNT_FRESH_MS, liveRepliesQuery, replyingListQuery } from '../api/chat-queries.ts';
import { useLiveReplies } from './use-live-replies.ts';

afterEach(() => {
  vi.useRealTimers();
  clearSession({ broadcast: false });
});

describe('useLiveReplies', () => {
  it('draws nothing again when the server answers "none" again: on opening, that would start the conversation\'s first draw over', async () => {
    setSession('tok', testUser, { broadcast: false });
    const fetch = mockApi({ liveReplies: { replies: [] }, liveReplyList: { replying: [] } });
    const queryClient = testQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
    let renders = 0;
    const { result } = renderHook(
      () => {
        renders += 1;
        return useLiveReplies('c1', [], true);
      },
      { wrapper },
    );
    await waitFor(() => expect(queryClient.getQueryState(liveRepliesQuery('c1').queryKey)?.status).toBe('success'));
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    const settled = renders;

    await act(async () => {
      await queryClient.refetchQueries({ queryKey: liveRepliesQuery('c1').queryKey });
      // Query notifications reach components in a timeout of their own.
      await new Promise((resolve) => setTimeout(resolve, 20));
    });

    expect(callsTo(fetch, 'liveReplies')).toHaveLength(2);
    expect(renders).toBe(settled);
    expect(result.current.shown).toBeNull();
  });

  it.each([
    ['asks nothing again as it mounts after the loader has just asked', 1_500, 0],
    ['asks again as it mounts when the answers it has are older', LIVE_MOUNT_FRESH_MS + 1, 1],
  ])('%s: an answer landing during the first render would start it over', async (_case, ageMs, again) => {
    setSession('tok', testUser, { broadcast: false });
    const fetch = mockApi({ liveReplies: { replies: [] }, liveReplyList: { replying: [] } });
    const queryClient = testQueryClient();
    // What the route's loaders fetched, `ageMs` before the conversation mounts (a cold load at 4x CPU mounts it 1-2 s later).
    const fetchedAt = Date.now() - ageMs;
    queryClient.setQueryData(liveRepliesQuery('c1').queryKey, { replies: [] }, { updatedAt: fetchedAt });
    queryClient.setQueryData(replyingListQuery.queryKey, { replying: [] }, { updatedAt: fetchedAt });
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
    renderHook(() => useLiveReplies('c1', [], true), { wrapper });
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(callsTo(fetch, 'liveReplies')).toHaveLength(again);
    expect(callsTo(fetch, 'liveReplyList')).toHaveLength(again);
  });

  it('keeps its results unchanged while nothing is asked: a result changing during a transition makes React render the whole page again, synchronously', async () => {
    // A staleness timer, of any length up to the mount's own threshold, would have fired by the end.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    setSession('tok', testUser, { broadcast: false });
    mockApi({ liveReplies: { replies: [] }, liveReplyList: { replying: [] } });
    const queryClient = testQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
    renderHook(() => useLiveReplies('c1', [], true), { wrapper });
    await waitFor(() => expect(queryClient.getQueryState(liveRepliesQuery('c1').queryKey)?.status).toBe('success'));
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    const changed: string[] = [];
    const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'observerResultsUpdated') changed.push(event.query.queryHash);
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(LIVE_MOUNT_FRESH_MS * 2);
    });
    unsubscribe();
    expect(changed).toEqual([]);
  });
});
