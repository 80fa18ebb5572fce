import { buildPath, type AskEvent, type LiveReply, type Message } from '@meld/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI } from '../../providers/llm/__fakes__/openai-server.ts';
import type { FakeServer } from '../../providers/llm/__fakes__/sse-server.ts';
import { markRunning, RUNNING_TTL_MS } from '../../store/generation-store.ts';
import { keys } from '../../store/keys.ts';
import { table } from '../../store/table.ts';
import { registerMember, startApi, type Api } from '../api-test-kit.ts';
import { askStream, type AskStream } from './ask-stream-client.ts';

/**
 * Decision 0039: a reply in progress read from another tab or device, through the real chat route
 * and a provider that takes its time (a token every 60 ms, 50 of them: three seconds).
 */
const TOKENS = Array.from({ length: 50 }, (_, i) => ` word${i}`);
const TITLE_PROMPT = 'Write a concise title';
let api: Api;
let slow: FakeServer;
let flaky: FakeServer;

beforeAll(async () => {
  const reply = (body: unknown) => (JSON.stringify(body).includes(TITLE_PROMPT) ? ['Live title'] : TOKENS);
  [slow, flaky] = await Promise.all([startFakeOpenAI({ reply, intervalMs: 60 }), startFakeOpenAI({ reply, intervalMs: 60, failAfter: 20 })]);
  api = await startApi({
    config: {
      endpoints: {
        demo: { enabled: true },
        custom: [
          { name: 'Slow', apiKey: 'slow-key', baseURL: `${slow.url}/v1`, models: ['slow-model'] },
          { name: 'Flaky', apiKey: 'flaky-key', baseURL: `${flaky.url}/v1`, models: ['flaky-model'] },
        ],
      },
    },
  });
}, 30_000);

afterAll(async () => {
  await api?.stop();
  await Promise.all([slow?.close(), flaky?.close()]);
});

/** A member, with the token a tab sends and a way to call the API as them (another tab or device). */
async function signUp() {
  const { token, response } = await registerMember(api.client());
  const userId = (response.json as { user: { id: string } }).user.id;
  const headers = { authorization: `Bearer ${token}` };
  const call = <T = unknown>(method: string, path: string, json?: unknown) => api.client().request<T>(method, path, { headers, ...(json === undefined ? {} : { json }) });
  return { userId, token, call };
}
type Member = Awaited<ReturnType<typeof signUp>>;

interface Replying {
  /** The conversation, once `created` arrived. */
  conversationId: Promise<string>;
  /** Resolves once `n` deltas have been streamed to the asking tab. */
  deltas(n: number): Promise<void>;
  /** The text the asking tab has been sent so far. */
  streamed(): string;
  done: Promise<AskStream>;
}

/** Starts a reply from "the first tab" and follows its stream without waiting for it. */
async function startReply(member: Member, endpointName: 'Slow' | 'Flaky', text = 'Tell me everything'): Promise<Replying> {
  let streamed = '';
  let resolveConversation!: (id: string) => void;
  const conversationId = new Promise<string>((resolve) => (resolveConversation = resolve));
  const waiting: { n: number; resolve: () => void }[] = [];
  let count = 0;
  const onEvent = (event: AskEvent) => {
    if (event.type === 'created') resolveConversation(event.conversationId);
    if (event.type !== 'delta') return;
    streamed += event.text;
    count += 1;
    for (const wait of waiting.filter((entry) => entry.n <= count)) wait.resolve();
  };
  const model = endpointName === 'Slow' ? 'slow-model' : 'flaky-model';
  const done = askStream(api.baseUrl, '/api/ask/custom', member.token, { text, conversationId: null, endpointName, model }, onEvent);
  return {
    conversationId,
    deltas: (n) => (count >= n ? Promise.resolve() : new Promise((resolve) => waiting.push({ n, resolve }))),
    streamed: () => streamed,
    done,
  };
}

const live = (member: Member, conversationId: string) => member.call<{ replies: LiveReply[] }>('GET', buildPath('/api/ask/live/{conversationId}', { conversationId }));
const liveList = (member: Member) => member.call<{ replying: { conversationId: string; responseMessageId: string; startedAt: string }[] }>('GET', '/api/ask/live');
const finalOf = (stream: AskStream) => stream.events.map(({ event }) => event).find((event): event is Extract<AskEvent, { type: 'final' }> => event.type === 'final');
const savedReply = async (member: Member, conversationId: string) =>
  (await member.call<Message[]>('GET', buildPath('/api/messages/{conversationId}', { conversationId }))).json.find((message) => !message.isCreatedByUser);
const chunkCount = async (userId: string, conversationId: string) =>
  (await table.queryAll({ ConsistentRead: true, KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)', ExpressionAttributeValues: { ':pk': keys.userPartition(userId), ':prefix': keys.replyChunkPrefix(conversationId) } })).length;

async function eventually<T>(read: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('Timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('GET /api/ask/live/{conversationId}', () => {
  it('shows another tab the reply so far mid-reply, growing until it ends, the same to two readers', async () => {
    const member = await signUp();
    const reply = await startReply(member, 'Slow');
    const conversationId = await reply.conversationId;
    await reply.deltas(5);
    await new Promise((resolve) => setTimeout(resolve, 300));

    const first = await live(member, conversationId);
    expect(first.status).toBe(200);
    expect(first.json.replies).toHaveLength(1);
    const [progress] = first.json.replies as [LiveReply];
    expect(progress).toMatchObject({ conversationId, endpoint: 'custom', stopRequested: false });
    expect(progress.response).toMatchObject({ messageId: progress.responseMessageId, parentMessageId: progress.requestMessageId, conversationId, sender: 'Slow', model: 'slow-model', endpoint: 'Slow', isCreatedByUser: false, unfinished: true });
    expect(progress.response.text.length).toBeGreaterThan(0);
    expect(reply.streamed().startsWith(progress.response.text)).toBe(true);
    expect(progress.response.content).toEqual([{ type: 'text', text: progress.response.text }]);

    // A second reader (another device) at the same moment reads the same reply from the same checkpoints.
    const [again, other] = await Promise.all([live(member, conversationId), live(member, conversationId)]);
    expect(other.json.replies[0]!.responseMessageId).toBe(progress.responseMessageId);
    expect(other.json.replies[0]!.response.text.startsWith(progress.response.text)).toBe(true);
    expect(again.json.replies[0]!.response.text.startsWith(progress.response.text)).toBe(true);

    const listed = await liveList(member);
    expect(listed.json.replying).toEqual([{ conversationId, responseMessageId: progress.responseMessageId, startedAt: progress.startedAt }]);

    // A checkpoint a second at most: a read 1.2 s later has more.
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    const later = (await live(member, conversationId)).json.replies[0]!;
    expect(later.response.text.length).toBeGreaterThan(progress.response.text.length);
    expect(later.response.text.startsWith(progress.response.text)).toBe(true);
    expect(later.response.updatedAt >= progress.response.updatedAt).toBe(true);

    const final = finalOf(await reply.done)!;
    expect(final.responseMessage.text).toBe(TOKENS.join(''));
    expect(final.responseMessage.text.startsWith(later.response.text)).toBe(true);
    expect((await live(member, conversationId)).json).toEqual({ replies: [] });
    expect((await liveList(member)).json).toEqual({ replying: [] });
  });

  it('stops the reply for a reader who knows only the live reply, saving it unfinished', async () => {
    const member = await signUp();
    const reply = await startReply(member, 'Slow');
    const conversationId = await reply.conversationId;
    await reply.deltas(3);
    const seen = (await eventually(async () => (await live(member, conversationId)).json.replies[0]))!;
    const stop = await member.call<{ aborted: boolean }>('POST', buildPath('/api/ask/{endpoint}/abort', { endpoint: seen.endpoint }), { conversationId: seen.conversationId, messageId: seen.responseMessageId });
    expect(stop.json).toEqual({ aborted: true });
    const afterStop = (await live(member, conversationId)).json.replies;
    // Still stopping, or already saved.
    if (afterStop.length) expect(afterStop[0]!.stopRequested).toBe(true);

    const final = finalOf(await reply.done)!;
    expect(final.responseMessage).toMatchObject({ unfinished: true, finish_reason: 'incomplete' });
    expect(final.responseMessage.text.length).toBeLessThan(TOKENS.join('').length);
    expect(await savedReply(member, conversationId)).toMatchObject({ messageId: seen.responseMessageId, unfinished: true, text: final.responseMessage.text });
    expect((await live(member, conversationId)).json).toEqual({ replies: [] });
  });

  it('shows the partial reply while the provider streams, and nothing once it failed; the saved reply carries the error', async () => {
    const member = await signUp();
    const reply = await startReply(member, 'Flaky');
    const conversationId = await reply.conversationId;
    await reply.deltas(8);
    const midway = await eventually(async () => (await live(member, conversationId)).json.replies[0]);
    expect(midway.response.text.length).toBeGreaterThan(0);

    const stream = await reply.done;
    expect(stream.events.map(({ event }) => event.type)).toContain('error');
    expect((await live(member, conversationId)).json).toEqual({ replies: [] });
    expect((await liveList(member)).json).toEqual({ replying: [] });
    const saved = await savedReply(member, conversationId);
    expect(saved).toMatchObject({ error: true, text: TOKENS.slice(0, 20).join('') });
    expect(saved!.content!.at(-1)).toMatchObject({ type: 'error' });
  });

  it('answers 404 for another member’s conversation, mid-reply, and lists only the caller’s own', async () => {
    const owner = await signUp();
    const stranger = await signUp();
    const reply = await startReply(owner, 'Slow');
    const conversationId = await reply.conversationId;
    await reply.deltas(3);
    const refused = await live(stranger, conversationId);
    expect(refused.status).toBe(404);
    expect(refused.json).toMatchObject({ code: 'NOT_FOUND' });
    expect(JSON.stringify(refused.json)).not.toContain('word');
    expect((await liveList(stranger)).json).toEqual({ replying: [] });
    expect((await live(owner, 'no-such-conversation')).status).toBe(404);
    await reply.done;
  });

  it('answers 404 for a conversation deleted mid-reply, leaves it out of the list, and its checkpoints go with the purge', async () => {
    const member = await signUp();
    const reply = await startReply(member, 'Slow');
    const conversationId = await reply.conversationId;
    await reply.deltas(3);
    await eventually(async () => (await live(member, conversationId)).json.replies[0]);
    expect(await chunkCount(member.userId, conversationId)).toBeGreaterThan(0);

    expect((await member.call('DELETE', '/api/convos', { arg: { conversationId } })).status).toBe(200);
    expect((await live(member, conversationId)).status).toBe(404);
    expect((await liveList(member)).json).toEqual({ replying: [] });
    await reply.done;
    // The reply's own purge, queued once it found its conversation gone, takes what it wrote after the first.
    await eventually(async () => ((await chunkCount(member.userId, conversationId)) === 0 ? true : undefined));
  });

  it('leaves out a generation whose invocation died long ago, and shows a fresh one with no checkpoint yet', async () => {
    const member = await signUp();
    const reply = await startReply(member, 'Slow', 'short');
    const conversationId = await reply.conversationId;
    await reply.done;
    const run = { conversationId, requestMessageId: 'q-dead', runId: 'r', abortEndpoint: 'openAI' as const, sender: 'openAI', model: 'gpt-4o', endpoint: 'openAI', continues: false };
    await markRunning(member.userId, { ...run, responseMessageId: 'a-dead', startedAt: new Date(Date.now() - RUNNING_TTL_MS - 1_000).toISOString() });
    expect((await live(member, conversationId)).json).toEqual({ replies: [] });
    expect((await liveList(member)).json).toEqual({ replying: [] });

    const startedAt = new Date().toISOString();
    await markRunning(member.userId, { ...run, responseMessageId: 'a-new', startedAt });
    const fresh = (await live(member, conversationId)).json.replies;
    expect(fresh).toEqual([
      {
        conversationId,
        requestMessageId: 'q-dead',
        responseMessageId: 'a-new',
        endpoint: 'openAI',
        startedAt,
        stopRequested: false,
        response: { messageId: 'a-new', conversationId, parentMessageId: 'q-dead', text: '', content: [], sender: 'openAI', isCreatedByUser: false, model: 'gpt-4o', endpoint: 'openAI', unfinished: true, createdAt: startedAt, updatedAt: startedAt },
      },
    ]);
  });
});
