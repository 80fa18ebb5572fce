import type { CoachMessage, CoachThread } from '@meld/shared';
import { setSession } from '@/lib/auth-session.ts';
import { type ApiMocks, mockApi, raw } from '@/test/mock-api.ts';
import { testUser } from '@/test/fixtures.ts';
import { renderRoutes } from '@/test/render.tsx';
import { Component as ChatsPage } from '../routes/chats-route.tsx';

export function thread(overrides: Partial<CoachThread> & Pick<CoachThread, 'id' | 'title'>): CoachThread {
  return {
    lastMessage: null,
    lastSender: null,
    lastActivity: '2026-11-20T09:00:00.000Z',
    unread: false,
    isPinned: false,
    mutedUntil: null,
    contextChips: [],
    createdAt: '2026-11-20T09:00:00.000Z',
    ...overrides,
  };
}

export function message(overrides: Partial<CoachMessage> & Pick<CoachMessage, 'id' | 'sender' | 'content'>): CoachMessage {
  return { parentMessageId: '00000000-0000-0000-0000-000000000000', timestamp: '2026-11-20T09:00:00.000Z', sources: null, reactions: { thumbsUp: false }, bookmarkedFragmentId: null, error: false, ...overrides };
}

export const sampleThreads: CoachThread[] = [
  thread({ id: 't1', title: 'Presentation debrief', lastMessage: 'What would you keep for next time?', lastSender: 'ai', lastActivity: '2026-11-21T10:00:00.000Z' }),
  thread({ id: 't2', title: 'North-Star review', lastMessage: 'I want to revisit my goals', lastSender: 'user', isPinned: true, lastActivity: '2026-11-19T10:00:00.000Z' }),
  thread({ id: 't3', title: 'Budget worries', lastMessage: 'Money stress again', lastSender: 'user', lastActivity: '2026-11-18T10:00:00.000Z' }),
];

/** The coach's thread list (and any other routes) answered from fixtures. */
export function mockCoach(threads: CoachThread[] = sampleThreads, routes: ApiMocks = {}, coachAvailable = true) {
  return mockApi({ listCoachThreads: () => ({ threads, coachAvailable }), ...routes });
}

export function renderChats(path = '/chats') {
  setSession('tok', testUser, { broadcast: false });
  return renderRoutes([{ path: '/chats', element: <ChatsPage /> }], path);
}

/** A streamed body of server-sent events, as the ask route writes them. */
export function sse(events: object[]) {
  return raw(new Response(events.map((event) => `data: ${JSON.stringify(event)}\n\n`).join(''), { status: 200, headers: { 'content-type': 'text/event-stream' } }));
}

export function bodyOf(init: RequestInit): unknown {
  return JSON.parse(String(init.body));
}
