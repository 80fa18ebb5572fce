import { MESSAGE_PAGE, NO_PARENT, type CoachMessage, type Message } from '@meld/shared';
import { describe, expect, it } from 'vitest';
import { putCoachThread } from '../../store/coach-chat-store.ts';
import { putConversation } from '../../store/conversation-store.ts';
import { putMessages } from '../../store/message-store.ts';
import { signUp, useApi } from '../api-test-kit.ts';

const api = useApi();

type Page = { messages: CoachMessage[]; nextCursor?: string | null };

describe('GET /api/coach/threads/{id}/messages in pages', () => {
  it('answers a thread too long for one answer in pages under the budget, its newest end first', async () => {
    const member = await signUp(api().client());
    const at = (i: number) => new Date(Date.UTC(2026, 3, 1, 9, i)).toISOString();
    const turns: Message[] = Array.from({ length: 6 }, (_, i) => ({
      messageId: `t${i}`, conversationId: 'coach-c', parentMessageId: i === 0 ? NO_PARENT : `t${i - 1}`, text: `turn ${i} `.padEnd(400_000, 'z'),
      sender: i % 2 ? 'Coach' : 'User', isCreatedByUser: i % 2 === 0, createdAt: at(i), updatedAt: at(i),
    }));
    await putMessages(member.userId, turns);
    await putConversation(member.userId, { conversationId: 'coach-c', title: 'Coach', user: member.userId, isArchived: false, tags: [], createdAt: at(0), updatedAt: at(5) });
    await putCoachThread(member.userId, { id: 'thread-1', conversationId: 'coach-c', isPinned: false, mutedUntil: null, contextChips: [], lastMessage: null, lastSender: null, lastActivity: at(5), lastReadAt: at(5), createdAt: at(0) });

    const pages: Page[] = [];
    let path = '/api/coach/threads/thread-1/messages';
    for (;;) {
      const response = await member.call<Page>('GET', path);
      expect(response.status).toBe(200);
      expect(Buffer.byteLength(response.text)).toBeLessThanOrEqual(MESSAGE_PAGE.budgetBytes);
      pages.push(response.json);
      if (!response.json.nextCursor) break;
      path = `/api/coach/threads/thread-1/messages?cursor=${response.json.nextCursor}`;
    }
    expect(pages[0]!.messages.map((m) => m.id)).toEqual(['t4', 't5']);
    expect(new Set(pages.flatMap((page) => page.messages.map((m) => m.id)))).toEqual(new Set(turns.map((m) => m.messageId)));
  });
});
