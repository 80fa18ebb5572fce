import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { clearSession, setSession } from '@/lib/auth-session.ts';
import { callsTo, mockApi } from '@/test/mock-api.ts';
import { testUser } from '@/test/fixtures.ts';
import { testQueryClient } from '@/test/render.tsx';
import { liveRepliesQuery } from '../api/chat-queries.ts';
import { useLiveReplies } from './use-live-replies.ts';

afterEach(() => clearSession({ broadcast: false }));

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
});
