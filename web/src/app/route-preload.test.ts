import type { LoaderFunctionArgs } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { convoQuery, messagesQuery } from '@/features/chat/api/chat-queries.ts';
import { clearSession, setSession } from '@/lib/auth-session.ts';
import { callsTo, mockApi } from '@/test/mock-api.ts';
import { testUser } from '@/test/fixtures.ts';
import { testQueryClient } from '@/test/render.tsx';
import { testConvo } from '@/features/chat/test/chat-fixtures.tsx';
import { testMessage } from '@/components/messages/test-messages.ts';
import { setPreloadQueryClient } from '@/lib/route-data-preload.ts';
import { preloadConversationRoute } from './route-preload.ts';

const args = (conversationId: string) => ({ params: { conversationId } }) as unknown as LoaderFunctionArgs;

afterEach(() => setPreloadQueryClient(undefined));

function mockConversation() {
  return mockApi({
    refresh: { token: 'tok', user: testUser },
    getConvo: testConvo('c1', { title: 'Tides' }),
    getMessages: { messages: [testMessage('q', undefined, { text: 'How do tides work?' })], nextCursor: null },
  });
}

describe('the conversation route loader', () => {
  it('answers at once and fetches the conversation and its messages into the app cache', async () => {
    setSession('tok', testUser, { broadcast: false });
    const fetch = mockConversation();
    const queryClient = testQueryClient();
    setPreloadQueryClient(queryClient);

    expect(preloadConversationRoute(args('c1'))).toBeNull();
    await expect.poll(() => queryClient.getQueryData(messagesQuery('c1').queryKey)).toHaveLength(1);
    expect(queryClient.getQueryData(convoQuery('c1').queryKey)).toMatchObject({ title: 'Tides' });
    expect(callsTo(fetch, 'getConvo')).toHaveLength(1);
  });

  it('fetches nothing for a new chat or a signed-out visitor', async () => {
    const fetch = mockConversation();
    const queryClient = testQueryClient();
    setPreloadQueryClient(queryClient);

    setSession('tok', testUser, { broadcast: false });
    preloadConversationRoute(args('new'));
    clearSession({ broadcast: false });
    preloadConversationRoute(args('c1'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(callsTo(fetch, 'getConvo')).toHaveLength(0);
    expect(callsTo(fetch, 'getMessages')).toHaveLength(0);
  });
});
