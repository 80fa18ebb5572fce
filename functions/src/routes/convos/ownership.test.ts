import type { Conversation, Message } from '@meld/shared';
import { describe, expect, it } from 'vitest';
import { useApi } from '../api-test-kit.ts';
import { seedConversation, signUp } from './__fixtures__/members.ts';

const api = useApi({ config: { search: { enabled: true } } });

describe('another member’s conversation', () => {
  it('is not found on every conversation and message route, and stays as it was', async () => {
    const owner = await signUp(api().client());
    const intruder = await signUp(api().client());
    const { conversation, messages } = await seedConversation(owner.userId, { title: 'Private Lisbon plans' });
    const id = conversation.conversationId;

    const attempts: [string, string, unknown?][] = [
      ['GET', `/api/convos/${id}`],
      ['POST', '/api/convos/update', { arg: { conversationId: id, title: 'Mine now' } }],
      ['POST', '/api/convos/update', { arg: { conversationId: id, isArchived: true } }],
      ['DELETE', '/api/convos', { arg: { conversationId: id } }],
      ['POST', '/api/convos/duplicate', { conversationId: id }],
      ['POST', '/api/convos/fork', { conversationId: id, messageId: 'm3', option: 'includeBranches' }],
      ['GET', `/api/messages/${id}`],
      ['GET', `/api/messages/${id}/m3`],
      ['PUT', `/api/messages/${id}/m3`, { text: 'Overwritten' }],
    ];
    for (const [method, path, body] of attempts) {
      const response = await intruder.call(method, path, body);
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(response.json).toMatchObject({ code: 'NOT_FOUND' });
    }

    // Nothing leaked into the intruder's lists, and delete-all touched only their own.
    expect((await intruder.call('DELETE', '/api/convos/all')).json).toEqual({ deletedCount: 0 });
    const lists = await Promise.all(['', '?isArchived=true', '?search=lisbon'].map((query) => intruder.call<{ conversations: Conversation[] }>('GET', `/api/convos${query}`)));
    for (const list of lists) expect(list.json.conversations).toEqual([]);

    expect((await owner.call('GET', `/api/convos/${id}`)).json).toEqual(conversation);
    const stored = (await owner.call<Message[]>('GET', `/api/messages/${id}`)).json;
    expect(stored).toEqual([...messages].sort((a, b) => a.createdAt.localeCompare(b.createdAt)));
    expect((await owner.call<{ conversations: Conversation[] }>('GET', '/api/convos')).json.conversations.map((c) => c.conversationId)).toEqual([id]);
  });
});
