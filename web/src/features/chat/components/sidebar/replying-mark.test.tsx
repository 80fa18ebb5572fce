import { act, render, screen, waitFor } from '@testing-library/react';
import { useTranslation } from '@/lib/use-translation.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProviders } from '@/app/providers.tsx';
import { testMessage } from '@/components/messages/test-messages.ts';
import { setSession } from '@/lib/auth-session.ts';
import { mockApi } from '@/test/mock-api.ts';
import { testUser } from '@/test/fixtures.ts';
import { testQueryClient } from '@/test/render.tsx';
import { useReplyingConversations } from '../../lib/replying.ts';
import { resetStreamForTests, streamStore, type ActiveStream } from '../../lib/stream-store.ts';
import { ReplyingMark } from './replying-mark.tsx';

afterEach(() => act(() => resetStreamForTests()));

function localStream(conversationId: string): ActiveStream {
  const response = testMessage('pending', 'q', { isCreatedByUser: false, text: '' });
  return { clientId: `k-${conversationId}`, conversationId, endpoint: 'demo', request: null, response, created: true, opened: true, slow: false, stopped: false, lastTokenAt: Date.now(), error: null, controller: new AbortController() };
}

/** As the history list does: one subscription for the list, a boolean for each row. */
function MarkedList({ ids }: { ids: string[] }) {
  const { t } = useTranslation();
  const replying = useReplyingConversations();
  return ids.map((id) => (
    <p key={id} data-testid={id}>
      {id}
      {replying.has(id) ? <ReplyingMark label={t('chat.stream.replying')} /> : null}
    </p>
  ));
}

function showMarks(replying: string[]) {
  setSession('tok', testUser, { broadcast: false });
  mockApi({ liveReplyList: { replying: replying.map((conversationId) => ({ conversationId, responseMessageId: `r-${conversationId}`, startedAt: '2026-01-01T00:00:00.000Z' })) } });
  render(
    <AppProviders queryClient={testQueryClient()}>
      <MarkedList ids={['c1', 'c2', 'c3']} />
    </AppProviders>,
  );
}

describe('ReplyingMark', () => {
  it('marks the conversations replying elsewhere (from the server) and in this tab, read as "Replying"', async () => {
    showMarks(['c2']);
    const stream = localStream('c3');
    act(() => streamStore.start(stream));
    await waitFor(() => expect(screen.getByTestId('c2')).toHaveTextContent('c2Replying'));
    expect(screen.getByTestId('c3')).toHaveTextContent('c3Replying');
    expect(screen.getByTestId('c1')).toHaveTextContent(/^c1$/);
    // This tab's reply ended: its mark goes with it.
    act(() => streamStore.remove(stream));
    expect(screen.getByTestId('c3')).toHaveTextContent(/^c3$/);
  });
});
