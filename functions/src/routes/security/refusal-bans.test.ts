import type { AskEvent } from '@meld/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI } from '../../providers/llm/__fakes__/openai-server.ts';
import type { FakeServer } from '../../providers/llm/__fakes__/sse-server.ts';
import { listViolations } from '../../store/violation-store.ts';
import { inOneRateWindow, startApi, type Api } from '../api-test-kit.ts';
import { agentMember } from '../agents/agent-test-kit.ts';
import { askStream } from '../ask/ask-stream-client.ts';
import { fileUser } from '../files/file-test-kit.ts';

/**
 * Issue 21 (audit): a refused file type or size recorded its violation beside the one limiter, so
 * no number of them ever banned. It goes through it now. An agent's tool-call limit was moved
 * there too, then back (review): it is recorded, and bans nobody (decision 0011).
 */
const BANNED = { code: 'BANNED', message: 'Your account has been temporarily banned due to violations of our service.' };

let api: Api;
let provider: FakeServer;

beforeAll(async () => {
  provider = await startFakeOpenAI({ tokens: ['Nothing'] });
  api = await startApi({
    config: {
      endpoints: { openAI: { apiKey: 'sk-agents', baseURL: `${provider.url}/v1`, models: ['gpt-4o-mini'] } },
      files: { apiUploadSizeLimit: 8 / 1024 },
      ban: { threshold: 2, windowMinutes: 60, durationMinutes: 30 },
    },
  });
}, 30_000);

afterAll(async () => {
  await api?.stop();
  await provider?.close();
});

describe('refusals decided outside a window and a ban', () => {
  // The limit is the agent's author's setting (recursion_limit, as low as 1) and reaching it is the
  // model's doing, not the member's: with limit 1 every message that makes the model call a tool
  // reaches it, so charging it would ban members for someone else's behaviour, and a shared
  // agent's author could have every user of it banned. It is recorded for the admin's view only.
  it('records an agent reaching its tool-call limit but never bans the member for it', async () => {
    const me = await agentMember(api.client({ localAddress: '127.0.10.1' }));
    const agent = await me.createAgent({ tools: ['file_search'], recursion_limit: 1 });
    const chat = () => askStream(api.baseUrl, '/api/agents/chat', me.token, { conversationId: null, model: 'ignored', agent_id: agent.id, text: 'Forever [[loop:file_search {"query":"again"}]]' });
    const errorOf = (events: { event: AskEvent }[]) => events.map(({ event }) => event).find((event) => event.type === 'error');

    // Past the threshold of 2, and each reply still answers: no ban in between.
    for (let run = 0; run < 3; run++) {
      const limited = await chat();
      expect(limited.status).toBe(200);
      expect(errorOf(limited.events)).toMatchObject({ code: 'tool_call_limit' });
    }
    expect(await listViolations(me.userId, 'tool_call_limit')).toHaveLength(3);
    expect(await listViolations(me.userId, 'ban')).toEqual([]);
  });

  it('bans a member who keeps uploading refused types and sizes', async () => {
    // Both refusals must count in one of the ban's hour-long windows.
    inOneRateWindow(60);
    const me = await fileUser(api.client({ localAddress: '127.0.10.2' }));
    const program = await me.upload([{ name: 'invoice.pdf', type: 'application/pdf', data: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(100, 0)]) }]);
    expect([program.status, program.json.code]).toEqual([400, 'file_upload_limit']);
    const large = await me.upload([{ name: 'notes.txt', type: 'text/plain', data: Buffer.alloc(9 * 1024, 'a') }]);
    expect(large.json.code).toBe('file_upload_limit');
    expect(await listViolations(me.userId, 'file_upload_limit')).toHaveLength(2);
    expect(await listViolations(me.userId, 'ban')).toHaveLength(1);

    const fine = await me.upload([{ name: 'note.txt', type: 'text/plain', data: Buffer.from('note') }]);
    expect([fine.status, fine.json]).toEqual([403, BANNED]);
  });
});
