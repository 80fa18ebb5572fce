import type { Message } from '@meld/shared';
import { describe, expect, it } from 'vitest';
import type { StoredCoachHighlight, StoredCoachMessageState } from '../../store/coach-chat-store.ts';
import { HIGHLIGHT_EXCERPT_CHARS, syncHighlight, type HighlightDeps } from '../coach-chats/highlights.ts';
import { logView } from './log-view.ts';
import { coachHighlightSource } from './sources.ts';

/** The coach store's message states and their highlight index, in memory, per user. */
function fakeCoachStore() {
  const states = new Map<string, StoredCoachMessageState>();
  const calls: string[] = [];
  const key = (userId: string, threadId: string, messageId: string) => `${userId}/${threadId}/${messageId}`;
  const write = (userId: string, threadId: string, state: StoredCoachMessageState) => (states.set(key(userId, threadId, state.messageId), state), state);
  const deps: HighlightDeps = {
    markCoachHighlight: async (userId, highlight) => write(userId, highlight.threadId, { ...states.get(key(userId, highlight.threadId, highlight.messageId))!, highlight }),
    clearCoachHighlight: async (userId, threadId, messageId) => {
      const { highlight: _highlight, ...rest } = states.get(key(userId, threadId, messageId))!;
      return write(userId, threadId, rest);
    },
  };
  const react = async (userId: string, message: Message, change: Partial<StoredCoachMessageState>, at: string) => {
    const saved = write(userId, 'th1', { ...states.get(key(userId, 'th1', message.messageId)), messageId: message.messageId, ...change });
    return syncHighlight(userId, 'th1', message, saved, new Date(at), deps);
  };
  const source = coachHighlightSource({
    listCoachHighlightsBetween: async (userId, from, to) => {
      calls.push('highlights');
      return [...states.entries()]
        .filter(([stateKey]) => stateKey.startsWith(`${userId}/`))
        .flatMap(([, state]) => (state.highlight ? [state.highlight] : []))
        .filter((highlight: StoredCoachHighlight) => highlight.markedAt >= from && highlight.markedAt <= to);
    },
    getConversations: async (_userId, ids) => (calls.push(`titles ${ids.join(',')}`), ids.map((conversationId) => ({ conversationId, title: 'Preparing the offsite' }))),
  });
  return { react, source, calls, states };
}

const reply = (messageId: string, text: string, isCreatedByUser = false): Message =>
  ({ messageId, conversationId: 'c1', parentMessageId: 'p', text, isCreatedByUser, createdAt: '2026-11-02T09:00:00.000Z' }) as Message;
const now = new Date('2026-11-22T12:00:00.000Z');
const zone = { getUserTimeZone: async () => 'Europe/Berlin', saveUserTimeZone: async () => undefined };

describe('coach chat highlights in the log', () => {
  it('shows a thumbed-up reply on the local day of the mark, under its thread title, linking to the thread', async () => {
    const store = fakeCoachStore();
    const long = `You noticed the pattern: you rush when tired. ${'x'.repeat(600)}`;
    await store.react('ada', reply('m1', long), { thumbsUp: true }, '2026-11-30T23:30:00.000Z');

    const december = await logView('ada', '2026-12', undefined, now, { ...zone, sources: [store.source] });
    expect(december.entries).toEqual([
      expect.objectContaining({
        id: 'coach:th1:m1',
        type: 'coach',
        title: 'Preparing the offsite',
        content: long.slice(0, HIGHLIGHT_EXCERPT_CHARS),
        date: '2026-12-01',
        valueTag: 'Insight',
        link: '/chats?thread=th1',
      }),
    ]);
    expect(store.calls).toEqual(['highlights', 'titles c1']);
    const november = await logView('ada', '2026-11', undefined, now, { ...zone, sources: [store.source] });
    expect(november.entries).toEqual([]);
  });

  it('keeps the first mark\'s day while a bookmark is left after the thumbs-up is taken back', async () => {
    const store = fakeCoachStore();
    const message = reply('m1', 'Talk to your manager first.');
    await store.react('ada', message, { thumbsUp: true }, '2026-11-03T10:00:00.000Z');
    await store.react('ada', message, { bookmarkedFragmentId: 'f1' }, '2026-11-09T10:00:00.000Z');
    await store.react('ada', message, { thumbsUp: false }, '2026-11-10T10:00:00.000Z');
    const view = await logView('ada', '2026-11', 'UTC', now, { ...zone, sources: [store.source] });
    expect(view.entries.map((entry) => [entry.id, entry.date])).toEqual([['coach:th1:m1', '2026-11-03']]);
  });

  it('drops a reply from the log once its thumbs-up is taken back and reads no titles for an empty month', async () => {
    const store = fakeCoachStore();
    const message = reply('m1', 'Talk to your manager first.');
    await store.react('ada', message, { thumbsUp: true }, '2026-11-03T10:00:00.000Z');
    await store.react('ada', message, { thumbsUp: false }, '2026-11-04T10:00:00.000Z');
    const view = await logView('ada', '2026-11', 'UTC', now, { ...zone, sources: [store.source] });
    expect(view.entries).toEqual([]);
    expect(store.states.get('ada/th1/m1')).toEqual({ messageId: 'm1', thumbsUp: false });
    expect(store.calls).toEqual(['highlights']);
  });

  it('never makes a highlight of the member\'s own message', async () => {
    const store = fakeCoachStore();
    await store.react('ada', reply('u1', 'What should I do?', true), { thumbsUp: true }, '2026-11-03T10:00:00.000Z');
    const view = await logView('ada', '2026-11', 'UTC', now, { ...zone, sources: [store.source] });
    expect(view.entries).toEqual([]);
  });
});
