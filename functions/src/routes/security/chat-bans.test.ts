import { describe, expect, it } from 'vitest';
import { listViolations } from '../../store/violation-store.ts';
import { askStream } from '../ask/ask-stream-client.ts';
import { registerMember, useApi } from '../api-test-kit.ts';

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
