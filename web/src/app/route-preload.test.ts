import type { LoaderFunctionArgs } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { fileConfigQuery, liveRepliesQuery } from '@/features/chat/api/chat-queries.ts';
import { convoQuery, messagesQuery } from '@/features/chat/api/conversation-queries.ts';
import { presetsQuery } from '@/features/chat/api/composer-queries.ts';
import { resetStreamForTests, streamStore } from '@/features/chat/lib/stream-store.ts';
import { agentsQuery } from '@/lib/agent-queries.ts';
import { clearSession, setSession } from '@/lib/auth-session.ts';
import { callsTo, mockApi } from '@/test/mock-api.ts';
import { testConfig, testUser } from '@/test/fixtures.ts';
import { roleInfo, roleRoutes } from '@/test/roles.ts';
import { testQueryClient } from '@/test/render.tsx';
import { testConvo } from '@/features/chat/test/chat-fixtures.tsx';
import { testMessage } from '@/components/messages/test-messages.ts';
import { setPreloadQueryClient } from '@/lib/route-data-preload.ts';
import { preloadConversationRoute } from './route-preload.ts';

const FILE_RULES = { serverFileSizeLimit: 1024, avatarSizeLimit: 2048, apiUploadSizeLimit: 4096, endpoints: {} };

const args = (conversationId: string) => ({ params: { conversationId } }) as unknown as LoaderFunctionArgs;

afterEach(() => {
  setPreloadQueryClient(undefined);
  resetStreamForTests();
});

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
    // The messages come from the entry's part of the loader; the preload module's part follows. Waited
    // for, so its requests land in this test's mock, not the next one's.
    await expect.poll(() => callsTo(fetch, 'getFileConfig')).toHaveLength(1);
  });

  it("fetches what the composer reads (file rules, agents) and any reply in progress, so none of it draws the page again later", async () => {
    setSession('tok', testUser, { broadcast: false });
    const fetch = mockApi({
      getConfig: testConfig(),
      ...roleRoutes(),
      listEndpoints: {},
      listModels: {},
      getFileConfig: FILE_RULES,
      listAgents: { agents: [], nextCursor: null },
      getConvo: testConvo('c1'),
      getMessages: { messages: [], nextCursor: null },
      liveReplies: { replies: [] },
    });
    const queryClient = testQueryClient();
    setPreloadQueryClient(queryClient);

    preloadConversationRoute(args('c1'));

    await expect.poll(() => queryClient.getQueryData(agentsQuery.queryKey)).toEqual([]);
    expect(queryClient.getQueryData(fileConfigQuery.queryKey)).toEqual(FILE_RULES);
    await expect.poll(() => queryClient.getQueryData(liveRepliesQuery('c1').queryKey)).toEqual({ replies: [] });
    expect(callsTo(fetch, 'liveReplies', { conversationId: 'c1' })).toHaveLength(1);
  });

  it("fetches a new chat's presets, which it may start from, where the operator shows them", async () => {
    setSession('tok', testUser, { broadcast: false });
    const fetch = mockApi({ getConfig: testConfig(), ...roleRoutes(), listEndpoints: {}, listModels: {}, getFileConfig: FILE_RULES, listAgents: { agents: [], nextCursor: null }, listPresets: [] });
    const queryClient = testQueryClient();
    setPreloadQueryClient(queryClient);

    preloadConversationRoute(args('new'));

    await expect.poll(() => queryClient.getQueryData(presetsQuery.queryKey)).toEqual([]);
    expect(callsTo(fetch, 'listPresets')).toHaveLength(1);
  });

  it('fetches no presets where the operator hides them, no agents where the role may not use them, and no live reply for a new chat', async () => {
    setSession('tok', testUser, { broadcast: false });
    const config = testConfig({ interface: { ...testConfig().interface, presets: false } });
    const fetch = mockApi({ getConfig: config, ...roleRoutes({ USER: roleInfo('USER', { AGENTS: { USE: false } }) }), listEndpoints: {}, listModels: {}, getFileConfig: FILE_RULES });
    const queryClient = testQueryClient();
    setPreloadQueryClient(queryClient);

    preloadConversationRoute(args('new'));

    await expect.poll(() => queryClient.getQueryData(fileConfigQuery.queryKey)).toEqual(FILE_RULES);
    await expect.poll(() => callsTo(fetch, 'getRole')).toHaveLength(1);
    await expect.poll(() => queryClient.isFetching()).toBe(0);
    expect(callsTo(fetch, 'listAgents')).toHaveLength(0);
    expect(callsTo(fetch, 'listPresets')).toHaveLength(0);
    expect(callsTo(fetch, 'liveReplies')).toHaveLength(0);
  });

  it("fetches no live reply for a conversation whose reply this tab is writing: it would show its own snapshot as someone else's", async () => {
    setSession('tok', testUser, { broadcast: false });
    const fetch = mockConversation();
    const queryClient = testQueryClient();
    setPreloadQueryClient(queryClient);
    const response = testMessage('pending', 'q', { isCreatedByUser: false, text: '' });
    streamStore.start({ clientId: 'k1', conversationId: 'c1', endpoint: 'demo', request: null, response, created: true, opened: true, slow: false, stopped: false, lastTokenAt: Date.now(), error: null, controller: new AbortController() });

    preloadConversationRoute(args('c1'));

    await expect.poll(() => queryClient.getQueryData(messagesQuery('c1').queryKey)).toHaveLength(1);
    // The preload module has run (it asks for the file rules just before deciding on the live reply).
    await expect.poll(() => callsTo(fetch, 'getFileConfig')).toHaveLength(1);
    expect(callsTo(fetch, 'liveReplies')).toHaveLength(0);
  });

  it('fetches no conversation for a new chat, and nothing for a signed-out visitor', async () => {
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
