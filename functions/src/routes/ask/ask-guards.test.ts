import type { AskEvent, Conversation, Message } from '@meld/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI } from '../../providers/llm/__fakes__/openai-server.ts';
import type { FakeServer } from '../../providers/llm/__fakes__/sse-server.ts';
import { indexesSettled, inOneRateWindow, registerMember, startApi, type Api } from '../api-test-kit.ts';
import { askStream, type AskStream } from './ask-stream-client.ts';

/** What a chat message meets before and after its reply: keys, the balance, concurrency and the message cap. */

type Final = Extract<AskEvent, { type: 'final' }>;
const finalOf = (response: AskStream) => response.events.map(({ event }) => event).find((event): event is Final => event.type === 'final');
const errorOf = (response: AskStream) => response.events.map(({ event }) => event).find((event) => event.type === 'error');

function memberOf(api: Api) {
  return async () => {
    const { token } = await registerMember(api.client());
    const headers = { authorization: `Bearer ${token}` };
    return {
      call: <T>(method: string, path: string, json?: unknown) => api.client().request<T>(method, path, { headers, ...(json === undefined ? {} : { json }) }),
      ask: (path: string, json: object, onEvent?: (event: AskEvent) => void | 'close') =>
        askStream(api.baseUrl, path, token, { text: 'Plan my week', conversationId: null, model: 'meld-demo', ...json }, onEvent),
    };
  };
}

describe('chat guards', () => {
  let api: Api;
  let openAI: FakeServer;
  let member: ReturnType<typeof memberOf>;

  beforeAll(async () => {
    openAI = await startFakeOpenAI({ tokens: ['Your', ' own', ' key', ' works'] });
    api = await startApi({
      // A reply takes about 2.5 s: longer than the grace a second message waits for a slot.
      env: { MELD_DEMO_WORD_DELAY_MS: '60' },
      config: {
        endpoints: { demo: { enabled: true }, openAI: { apiKey: 'user_provided', baseURL: `${openAI.url}/v1`, models: ['gpt-4o'] } },
        balance: { enabled: true, startBalance: 150 },
        concurrentMessages: { max: 1 },
      },
    });
    member = memberOf(api);
  }, 30_000);

  afterAll(async () => {
    await api?.stop();
    await openAI?.close();
  });

  it('spends the reply from the balance and, once it is spent, refuses before calling the model', async () => {
    const { ask, call } = await member();
    const first = await ask('/api/ask/demo', {});
    expect(finalOf(first)?.responseMessage.error).toBeUndefined();
    const after = await call<{ enabled: boolean; tokenCredits: number }>('GET', '/api/balance');
    expect(after.json.tokenCredits).toBeLessThan(150);

    let refused: AskStream | undefined;
    for (let attempt = 0; attempt < 5 && !refused; attempt++) {
      const next = await ask('/api/ask/demo', {});
      if (errorOf(next)) refused = next;
    }
    expect(errorOf(refused!)).toMatchObject({ type: 'error', code: 'token_balance', info: { balance: expect.any(Number), promptTokens: expect.any(Number), tokenCost: expect.any(Number) } });
    expect(refused!.events.some(({ event }) => event.type === 'delta')).toBe(false);
    const saved = finalOf(refused!)!.responseMessage;
    expect(saved).toMatchObject({ error: true, content: [{ type: 'error', code: 'token_balance' }] });
    // The refused message kept the user's words; only the reply is the refusal.
    const messages = await call<Message[]>('GET', `/api/messages/${saved.conversationId}`);
    expect(messages.json.find((message) => message.isCreatedByUser)?.text).toBe('Plan my week');
    const spent = await call<{ tokenCredits: number }>('GET', '/api/balance');
    expect(spent.json.tokenCredits).toBe(errorOf(refused!)?.info?.balance);
  });

  it('refuses a second reply while one is in progress, as concurrent, without writing anything', async () => {
    const { ask, call } = await member();
    let created!: () => void;
    const started = new Promise<void>((resolve) => (created = resolve));
    const first = ask('/api/ask/demo', {}, (event) => void (event.type === 'created' && created()));
    await started;
    const second = await ask('/api/ask/demo', { text: 'A second thought' });
    expect(second.status).toBe(422);
    expect(JSON.parse(second.text)).toMatchObject({ code: 'concurrent', info: { limit: 1 } });
    await first;
    const list = await call<{ conversations: Conversation[] }>('GET', '/api/convos');
    expect(list.json.conversations).toHaveLength(1);
    expect((await ask('/api/ask/demo', { text: 'Now it is free' })).status).toBe(200);
  });

  it('refuses a model the endpoint does not offer, naming it, before writing anything', async () => {
    const { ask, call } = await member();
    const response = await ask('/api/ask/demo', { model: 'gpt-9-ultra' });
    expect(response.status).toBe(400);
    expect(JSON.parse(response.text)).toMatchObject({ code: 'illegal_model_request', field: 'model' });
    expect((await call<{ conversations: Conversation[] }>('GET', '/api/convos')).json.conversations).toEqual([]);
  });

  it("uses the user's own key for a user-provided endpoint, and says when there is none", async () => {
    const { ask, call } = await member();
    const missing = await ask('/api/ask/openAI', { model: 'gpt-4o' });
    expect(missing.status).toBe(422);
    expect(JSON.parse(missing.text)).toMatchObject({ code: 'no_user_key' });

    expect((await call('PUT', '/api/keys', { name: 'openAI', value: 'sk-her-own', expiresAt: null })).status).toBe(200);
    const answered = await ask('/api/ask/openAI', { model: 'gpt-4o' });
    expect(finalOf(answered)?.responseMessage.text).toBe('Your own key works');
    expect(openAI.requests.at(-1)?.headers.authorization).toBe('Bearer sk-her-own');
  });
});

describe('message cap', () => {
  let api: Api;
  let member: ReturnType<typeof memberOf>;

  beforeAll(async () => {
    // An hour's fixed window: a minute's could turn over between the test's messages on a busy machine.
    api = await startApi({ env: { MELD_DEMO_WORD_DELAY_MS: '0' }, config: { rateLimits: { messages: { max: 2, windowMinutes: 60 } } } });
    member = memberOf(api);
  }, 30_000);

  afterAll(() => api?.stop());

  it('refuses the message over the cap with the cap and its window, before writing it', async () => {
    inOneRateWindow(60);
    const { ask, call } = await member();
    expect((await ask('/api/ask/demo', {})).status).toBe(200);
    expect((await ask('/api/ask/demo', {})).status).toBe(200);
    const third = await ask('/api/ask/demo', { text: 'One too many' });
    expect(third.status).toBe(422);
    expect(JSON.parse(third.text)).toMatchObject({ code: 'message_limit', info: { max: 2, windowInMinutes: 60 } });
    // The list is an index query, which in AWS has a new conversation within a second.
    await indexesSettled();
    const list = await call<{ conversations: Conversation[] }>('GET', '/api/convos');
    expect(list.json.conversations).toHaveLength(2);
  });
});
