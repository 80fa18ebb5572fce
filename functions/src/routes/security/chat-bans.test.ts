import { NO_PARENT, routes } from '@meld/shared';
import { describe, expect, it } from 'vitest';
import { putBan } from '../../store/ban-store.ts';
import { putConversation } from '../../store/conversation-store.ts';
import { putMessage } from '../../store/message-store.ts';
import { listViolations } from '../../store/violation-store.ts';
import { askStream } from '../ask/ask-stream-client.ts';
import { inOneRateWindow, registerMember, useApi } from '../api-test-kit.ts';

/**
 * Issue 21 section 7: chat refusals go through the app's one limiter, so they count toward a ban,
 * and a banned member or address is refused with 403 BANNED on the chat and agent routes too.
 */
const api = useApi({
  config: {
    endpoints: { demo: { enabled: true } },
    rateLimits: { messages: { max: 1, windowMinutes: 5 } },
    ban: { threshold: 2, windowMinutes: 60, durationMinutes: 30 },
  },
});

const BANNED = { code: 'BANNED', message: 'Your account has been temporarily banned due to violations of our service.' };

async function member(localAddress: string) {
  const client = api().client({ localAddress });
  const { token, response } = await registerMember(client);
  return { client, token, userId: (response.json as { user: { id: string } }).user.id };
}

/** A chat as the browser sends it, from the member's own address (the local gateway takes the socket's). */
function chat(token: string, path = '/api/ask/demo', json: object = {}) {
  return askStream(api().baseUrl, path, token, { text: 'One more, please', conversationId: null, model: 'meld-demo', endpoint: 'demo', ...json });
}

describe('a member who keeps sending past the message limit', () => {
  it('is banned with their address, then refused with 403 BANNED on the chat and agent routes, streaming and buffered', async () => {
    // The ban's hour-long window ends at a five-minute window's end too.
    inOneRateWindow(5);
    const me = await member('127.0.0.1');
    const neighbour = await member('127.0.0.1');
    expect((await chat(me.token)).status).toBe(200);
    const refusals = [await chat(me.token), await chat(me.token)];
    expect(refusals.map((refusal) => [refusal.status, (JSON.parse(refusal.text) as { code: string }).code])).toEqual([
      [422, 'message_limit'],
      [422, 'message_limit'],
    ]);
    expect((await listViolations(me.userId, 'ban')).map((ban) => ban.details.cause)).toEqual(['message_limit']);

    const headers = { authorization: `Bearer ${me.token}` };
    const afterwards = [
      await chat(me.token),
      await chat(me.token, '/api/agents/chat', { agent_id: 'agent_nobodys-agent' }),
      await me.client.request('POST', '/api/agents/tools/execute_code/call', { headers, json: { lang: 'javascript', code: '1' } }),
      await me.client.request('POST', '/api/agents', { headers, json: { name: 'Helper', provider: 'demo', model: 'meld-demo' } }),
    ];
    expect(afterwards.map((answer) => [answer.status, 'json' in answer ? answer.json : JSON.parse(answer.text)])).toEqual([
      [403, BANNED],
      [403, BANNED],
      [403, BANNED],
      [403, BANNED],
    ]);
    // Another member on the banned address is refused on the chat routes too.
    expect([(await chat(neighbour.token)).status, (await chat(neighbour.token, '/api/agents/chat', { agent_id: 'agent_nobodys-agent' })).status]).toEqual([403, 403]);
  });
});

describe('a member whose address is banned but whose account is not', () => {
  it('is refused with 403 BANNED on every chat and agent route, those without a limit of their own too', async () => {
    const me = await member('127.0.11.1');
    // A conversation with a reply, written directly: the chat client sends from the address the test above banned.
    const at = new Date().toISOString();
    const conversationId = 'c-address-ban';
    const messageId = 'm-reply';
    await putConversation(me.userId, { conversationId, title: 'Tides', user: me.userId, endpoint: 'demo', model: 'meld-demo', isArchived: false, tags: [], createdAt: at, updatedAt: at });
    await putMessage(me.userId, { messageId, conversationId, parentMessageId: NO_PARENT, text: 'A reply', sender: 'demo', isCreatedByUser: false, createdAt: at, updatedAt: at });
    await putBan({ kind: 'ip', id: '127.0.11.1' }, Date.now() + 30 * 60_000);

    const headers = { authorization: `Bearer ${me.token}` };
    const send = (method: string, path: string, json?: object) => me.client.request(method, path, { headers, ...(json ? { json } : {}) });
    const afterwards = [
      await send('POST', '/api/ask/demo/abort', { conversationId }),
      await send('PUT', `/api/messages/${conversationId}/${messageId}`, { text: 'An edited reply' }),
      await send('POST', '/api/convos/gen_title', { conversationId }),
      await send('POST', `/api/messages/artifact/${messageId}`, { conversationId, index: 0, original: 'a', updated: 'b' }),
      await send('GET', '/api/agents'),
      await send('PATCH', '/api/agents/agent_nobodys-agent', { description: 'Mine now' }),
    ];
    expect(afterwards.map((answer) => [answer.status, answer.json])).toEqual(afterwards.map(() => [403, BANNED]));
    // The account itself is not banned: its other routes answer, and the message was not edited.
    const messages = await send('GET', `/api/messages/${conversationId}`);
    expect(messages.status).toBe(200);
    expect(JSON.stringify(messages.json)).not.toContain('An edited reply');
  });

  it('is a rule of the route table: every chat and agent route refuses a banned address', () => {
    const chatOrAgent = /^\/api\/(ask|agents|assistants|bedrock|messages|coach\/threads\/\{id\}\/ask|convos\/gen_title|files\/images\/agents|plugins|user\/plugins)(\/|$)/;
    const unmarked = Object.entries(routes)
      .filter(([, route]) => chatOrAgent.test(route.path) && !(route.method === 'GET' && route.path.startsWith('/api/messages')))
      .filter(([, route]) => !('refuseBannedAddress' in route && route.refuseBannedAddress))
      .map(([name]) => name);
    expect(unmarked).toEqual([]);
  });
});
