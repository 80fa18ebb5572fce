import type { AskEvent, CoachMessage, CoachThread, Fragment, LogViewResponse } from '@meld/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { COACH_UNAVAILABLE_MESSAGE } from '../../domain/coach-chats/threads.ts';
import { logger } from '../../http/logger.ts';
import { addDays, localDate } from '../../domain/compass/local-time.ts';
import { startFakeOpenAI } from '../../providers/llm/__fakes__/openai-server.ts';
import type { FakeServer } from '../../providers/llm/__fakes__/sse-server.ts';
import { indexesSettled, registerMember, startApi, type Api } from '../api-test-kit.ts';
import { askStream } from '../ask/ask-stream-client.ts';
import { entry, seedInteraction } from '../interactions/__fixtures__/days.ts';

const COACH_REPLY = ['You', ' kept', ' showing', ' up', ' this', ' week.', ' What', ' made', ' Tuesday', ' easier?'];
const coachConfig = (server: FakeServer) => ({
  endpoints: { demo: { enabled: true }, openAI: { apiKey: 'sk-coach', baseURL: `${server.url}/v1`, models: ['gpt-4o-mini', 'gpt-4o'] } },
  coach: { endpoint: 'openAI', model: 'gpt-4o-mini' },
});

type CoachRequest = { model: string; messages: { role: string; content: string }[] };
type Answer<T> = { status: number; json: T & { message?: string; code?: string } };

async function member(api: Api) {
  const client = api.client();
  const { token, response } = await registerMember(client);
  const userId = (response.json as { user: { id: string } }).user.id;
  const headers = { authorization: `Bearer ${token}` };
  const call = <T>(method: string, path: string, json?: unknown): Promise<Answer<T>> => client.request(method, path, { headers, ...(json === undefined ? {} : { json }) });
  return {
    userId,
    call,
    /** No zone was ever sent, so the member's day is UTC's. */
    today: localDate(new Date(), 'UTC'),
    ask: (threadId: string, json: object) => askStream(api.baseUrl, `/api/coach/threads/${threadId}/ask`, token, json),
    newThread: async (contextChips: object[] = []) => {
      const created = await call<CoachThread>('POST', '/api/coach/threads', { contextChips });
      if (created.status !== 201) throw new Error(`Creating a thread failed: ${created.status} ${JSON.stringify(created.json)}`);
      return created.json;
    },
    fragment: async (content: string) => (await call<Fragment>('POST', '/api/fragments', { content })).json,
    threads: async () => (await call<{ threads: CoachThread[]; coachAvailable: boolean }>('GET', '/api/coach/threads')).json,
    messages: async (threadId: string) => (await call<{ messages: CoachMessage[] }>('GET', `/api/coach/threads/${threadId}/messages`)).json.messages,
  };
}

const finalOf = (events: { event: AskEvent }[]) => events.map(({ event }) => event).find((event) => event.type === 'final');

describe('coach chats with a configured coach', () => {
  let api: Api;
  let coach: FakeServer;
  const lastRequest = () => coach.requests.at(-1)!.body as CoachRequest;

  beforeAll(async () => {
    coach = await startFakeOpenAI({ tokens: COACH_REPLY });
    api = await startApi({ config: coachConfig(coach) });
  }, 30_000);

  afterAll(async () => {
    await api?.stop();
    await coach?.close();
  });

  it('streams the coach model’s reply, built on the member’s recent check-ins and the attached fragment, and says what it drew on', async () => {
    const me = await member(api);
    await seedInteraction(me.userId, entry('mood', 45, addDays(me.today, -1)));
    await seedInteraction(me.userId, entry('note', 'Finish the grant proposal draft', addDays(me.today, -1)));
    await seedInteraction(me.userId, entry('evening-reflection', 'The draft flowed once I stopped checking mail.', addDays(me.today, -1)));
    await seedInteraction(me.userId, entry('mood', 80, me.today));
    const attached = await me.fragment('I realized mornings are when I write best');
    await me.fragment('Call the mentor about the fellowship next week');
    // The coach's context reads recent fragments through an index, which in AWS has them within a second.
    await indexesSettled();
    const thread = await me.newThread([{ kind: 'fragment', fragmentId: attached.id }, { kind: 'tag', tag: '#writing' }]);
    expect(thread.contextChips).toEqual([
      { kind: 'fragment', id: attached.id, label: 'I realized mornings are when I write best' },
      { kind: 'tag', id: 'writing', label: 'writing' },
    ]);

    const answer = await me.ask(thread.id, { text: 'How did my week go?' });
    expect(answer.status).toBe(200);
    const types = answer.events.map(({ event }) => event.type);
    expect(types[0]).toBe('created');
    expect(types.filter((type) => type === 'delta').length).toBe(COACH_REPLY.length);
    expect(types.slice(-2)).toEqual(['final', 'title']);
    expect(finalOf(answer.events)).toMatchObject({ responseMessage: { text: COACH_REPLY.join(''), sender: 'Coach', model: 'gpt-4o-mini', endpoint: 'openAI' } });

    const request = coach.requests.map((recorded) => recorded.body as CoachRequest).find((body) => body.messages.some((message) => message.content === 'How did my week go?'))!;
    expect(request.model).toBe('gpt-4o-mini');
    expect(request.messages[0]!.role).toBe('system');
    const system = request.messages[0]!.content;
    expect(system).toContain(`- ${addDays(me.today, -1)}: mood 45/100; intention note: "Finish the grant proposal draft"; evening reflection: "The draft flowed once I stopped checking mail."`);
    expect(system).toContain(`- ${me.today}: mood 80/100`);
    expect(system).toMatch(/attached to this chat[^\n]*\n- "I realized mornings are when I write best"/);
    expect(system).toContain('Other recently captured fragments:\n- "Call the mentor about the fellowship next week"');
    expect(system).toContain('#writing');
    expect(request.messages.at(-1)).toEqual({ role: 'user', content: 'How did my week go?' });

    const messages = await me.messages(thread.id);
    expect(messages.map(({ sender, content }) => ({ sender, content }))).toEqual([
      { sender: 'user', content: 'How did my week go?' },
      { sender: 'ai', content: COACH_REPLY.join('') },
    ]);
    expect(messages[1]!.sources).toEqual({ checkIns: 2, reflections: 1, summaries: 0, wins: 0, fragments: 2, goals: 0 });
    const [listed] = (await me.threads()).threads;
    expect(listed).toMatchObject({ id: thread.id, title: COACH_REPLY.join(''), lastMessage: COACH_REPLY.join(''), lastSender: 'ai' });
  });

  it('keeps the coach’s model and prompt whatever the client sends, and continues the same conversation', async () => {
    const me = await member(api);
    const thread = await me.newThread();
    await me.ask(thread.id, { text: 'First question' });
    const [, reply] = await me.messages(thread.id);
    const second = await me.ask(thread.id, { text: 'Second question', parentMessageId: reply!.id, model: 'gpt-4o', promptPrefix: 'You are a pirate', endpoint: 'demo' });
    expect(second.status).toBe(200);
    const request = lastRequest();
    expect(request.model).toBe('gpt-4o-mini');
    expect(request.messages.map((message) => message.content).join('\n')).not.toContain('pirate');
    expect(request.messages.slice(1).map((message) => message.role)).toEqual(['user', 'assistant', 'user']);
    expect((await me.messages(thread.id)).map((message) => message.content)).toEqual(['First question', COACH_REPLY.join(''), 'Second question', COACH_REPLY.join('')]);
  });

  it('refuses an empty message and one over 500 characters before anything is written', async () => {
    const me = await member(api);
    const thread = await me.newThread();
    expect((await me.ask(thread.id, { text: '   ' })).status).toBe(400);
    expect((await me.ask(thread.id, { text: 'x'.repeat(501) })).status).toBe(400);
    expect(await me.messages(thread.id)).toEqual([]);
  });

  it('pins, mutes for 7 days, unmutes and marks the coach’s reply read', async () => {
    const me = await member(api);
    const older = await me.newThread();
    const thread = await me.newThread();
    await me.ask(older.id, { text: 'Hello coach' });
    expect((await me.threads()).threads.map((listed) => [listed.id, listed.unread])).toEqual([
      [older.id, true],
      [thread.id, false],
    ]);
    const pinned = await me.call<CoachThread>('PATCH', `/api/coach/threads/${thread.id}`, { isPinned: true });
    expect(pinned.json.isPinned).toBe(true);
    expect((await me.threads()).threads.map((listed) => listed.id)).toEqual([thread.id, older.id]);

    const before = Date.now();
    const muted = await me.call<CoachThread>('PATCH', `/api/coach/threads/${older.id}`, { muted: true });
    const days = (Date.parse(muted.json.mutedUntil!) - before) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThan(7.01);
    expect(muted.json.unread).toBe(false);
    const unmuted = await me.call<CoachThread>('PATCH', `/api/coach/threads/${older.id}`, { muted: false });
    expect(unmuted.json).toMatchObject({ mutedUntil: null, unread: true });
    expect((await me.call<CoachThread>('PATCH', `/api/coach/threads/${older.id}`, { read: true })).json.unread).toBe(false);
  });

  it('replaces the context chips, and refuses a fragment the member does not have', async () => {
    const me = await member(api);
    const other = await member(api);
    const theirs = await other.fragment('Someone else’s private thought');
    const mine = await me.fragment('A quote: "done is better than perfect"');
    const thread = await me.newThread([{ kind: 'tag', tag: 'career' }]);
    const changed = await me.call<CoachThread>('PATCH', `/api/coach/threads/${thread.id}`, { contextChips: [{ kind: 'tag', tag: 'career' }, { kind: 'fragment', fragmentId: mine.id }] });
    expect(changed.json.contextChips.map((chip) => chip.kind)).toEqual(['tag', 'fragment']);
    const removed = await me.call<CoachThread>('PATCH', `/api/coach/threads/${thread.id}`, { contextChips: [{ kind: 'fragment', fragmentId: mine.id }] });
    expect(removed.json.contextChips).toEqual([{ kind: 'fragment', id: mine.id, label: mine.content }]);
    const refused = await me.call('PATCH', `/api/coach/threads/${thread.id}`, { contextChips: [{ kind: 'fragment', fragmentId: theirs.id }] });
    expect(refused.status).toBe(404);
    expect((await me.call('POST', '/api/coach/threads', { contextChips: [{ kind: 'fragment', fragmentId: theirs.id }] })).status).toBe(404);
  });

  it('likes a reply and bookmarks it as a fragment tagged coach, once', async () => {
    const me = await member(api);
    const thread = await me.newThread();
    await me.ask(thread.id, { text: 'Give me one thought' });
    const [, reply] = await me.messages(thread.id);
    const liked = await me.call<CoachMessage>('PUT', `/api/coach/threads/${thread.id}/messages/${reply!.id}/reaction`, { thumbsUp: true });
    expect(liked.json.reactions).toEqual({ thumbsUp: true });
    const saved = await me.call<{ message: CoachMessage; fragment: Fragment }>('POST', `/api/coach/threads/${thread.id}/messages/${reply!.id}/bookmark`);
    expect(saved.status).toBe(200);
    expect(saved.json.fragment).toMatchObject({ content: COACH_REPLY.join(''), source: 'manual', tags: ['coach'] });
    const again = await me.call<{ fragment: Fragment }>('POST', `/api/coach/threads/${thread.id}/messages/${reply!.id}/bookmark`);
    expect(again.json.fragment.id).toBe(saved.json.fragment.id);
    expect((await me.call<Fragment>('GET', `/api/fragments/${saved.json.fragment.id}`)).json.content).toBe(COACH_REPLY.join(''));
    expect((await me.messages(thread.id))[1]).toMatchObject({ reactions: { thumbsUp: true }, bookmarkedFragmentId: saved.json.fragment.id });
  });

  it('shows a liked reply in the month’s log under its thread’s title, only to its member, until the like is taken back', async () => {
    const me = await member(api);
    const stranger = await member(api);
    const thread = await me.newThread();
    await me.ask(thread.id, { text: 'Give me one thought' });
    const [, reply] = await me.messages(thread.id);
    const reaction = `/api/coach/threads/${thread.id}/messages/${reply!.id}/reaction`;
    // The log reads the marks through an index, which in AWS has a mark within a second.
    const highlights = async (who: typeof me) => {
      await indexesSettled();
      return (await who.call<LogViewResponse>('GET', `/api/views/log?month=${me.today.slice(0, 7)}`)).json.entries.filter((entry) => entry.type === 'coach');
    };

    expect((await me.call('PUT', reaction, { thumbsUp: true })).status).toBe(200);
    expect(await highlights(me)).toEqual([
      expect.objectContaining({ id: `coach:${thread.id}:${reply!.id}`, title: COACH_REPLY.join(''), content: COACH_REPLY.join(''), date: me.today, link: `/chats?thread=${thread.id}` }),
    ]);
    expect(await highlights(stranger)).toEqual([]);

    await me.call('PUT', reaction, { thumbsUp: false });
    expect(await highlights(me)).toEqual([]);
  });

  it('answers 404 for another member’s thread on every route', async () => {
    const owner = await member(api);
    const stranger = await member(api);
    const thread = await owner.newThread();
    await owner.ask(thread.id, { text: 'Private words' });
    const [, reply] = await owner.messages(thread.id);
    const base = `/api/coach/threads/${thread.id}`;
    expect((await stranger.call('PATCH', base, { isPinned: true })).status).toBe(404);
    expect((await stranger.call('GET', `${base}/messages`)).status).toBe(404);
    expect((await stranger.ask(thread.id, { text: 'Let me in' })).status).toBe(404);
    expect((await stranger.call('PUT', `${base}/messages/${reply!.id}/reaction`, { thumbsUp: true })).status).toBe(404);
    expect((await stranger.call('POST', `${base}/messages/${reply!.id}/bookmark`)).status).toBe(404);
    expect((await stranger.call('DELETE', base)).status).toBe(404);
    expect((await stranger.threads()).threads).toEqual([]);
    expect(await owner.messages(thread.id)).toHaveLength(2);
  });

  it('starts a new conversation when the thread’s was deleted from the chat history', async () => {
    const me = await member(api);
    const thread = await me.newThread();
    const first = finalOf((await me.ask(thread.id, { text: 'Before' })).events) as { conversation: { conversationId: string } };
    expect((await me.call('DELETE', '/api/convos', { arg: { conversationId: first.conversation.conversationId } })).status).toBe(200);
    expect(await me.messages(thread.id)).toEqual([]);
    expect((await me.ask(thread.id, { text: 'After', parentMessageId: 'gone' })).status).toBe(200);
    expect((await me.messages(thread.id)).map((message) => message.content)).toEqual(['After', COACH_REPLY.join('')]);
  });

  it('deletes a thread with its conversation and messages', async () => {
    const me = await member(api);
    const thread = await me.newThread();
    expect(finalOf((await me.ask(thread.id, { text: 'Something to forget' })).events)).toBeDefined();
    expect((await me.call('DELETE', `/api/coach/threads/${thread.id}`)).json).toEqual({ deleted: true });
    expect((await me.threads()).threads).toEqual([]);
    expect((await me.call('GET', `/api/coach/threads/${thread.id}/messages`)).status).toBe(404);
    const convos = await me.call<{ conversations: { conversationId: string }[] }>('GET', '/api/convos');
    expect(convos.json.conversations).toEqual([]);
  });
});

describe('coach chats without a coach model', () => {
  let api: Api;
  beforeAll(async () => {
    api = await startApi({ config: { endpoints: { demo: { enabled: true } } } });
  }, 30_000);
  afterAll(() => api?.stop());

  it('says no coach is available and starts no thread, calmly: how to set one up goes to the log, not to the member', async () => {
    const warn = vi.spyOn(logger, 'warn');
    try {
      const me = await member(api);
      expect(await me.threads()).toEqual({ threads: [], coachAvailable: false });
      const refused = await me.call('POST', '/api/coach/threads', {});
      expect(refused.status).toBe(409);
      expect(refused.json.message).toBe(COACH_UNAVAILABLE_MESSAGE);
      const asked = await me.ask('any-thread', { text: 'Are you there?' });
      expect(asked.status).toBe(409);
      expect((JSON.parse(asked.text) as { message: string }).message).toBe(COACH_UNAVAILABLE_MESSAGE);
      expect(warn).toHaveBeenCalledWith('coach chat refused: no coach model', expect.objectContaining({ fix: expect.stringMatching(/"coach"/) }));
      expect((await me.threads()).threads).toEqual([]);
    } finally {
      warn.mockRestore();
    }
  });
});
