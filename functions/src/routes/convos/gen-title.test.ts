import type { Conversation } from '@meld/shared';
import { describe, expect, it } from 'vitest';
import { useApi } from '../api-test-kit.ts';
import { seedConversation, signUp } from './__fixtures__/members.ts';

const api = useApi();

describe('POST /api/convos/gen_title', () => {
  it('answers the title a conversation already has', async () => {
    const member = await signUp(api().client());
    const { conversation } = await seedConversation(member.userId);
    const response = await member.call<{ title: string }>('POST', '/api/convos/gen_title', { conversationId: conversation.conversationId });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ title: 'Lisbon weekend' });
  });

  it('titles a still untitled conversation from its first message and saves it', async () => {
    const member = await signUp(api().client());
    const { conversation, messages } = await seedConversation(member.userId, { title: 'New Chat' });
    const root = messages.find((message) => message.parentMessageId === '00000000-0000-0000-0000-000000000000')!;
    const response = await member.call<{ title: string }>('POST', '/api/convos/gen_title', { conversationId: conversation.conversationId });
    expect(response.json.title).toBe(root.text.split(/\s+/).slice(0, 8).join(' '));
    const saved = await member.call<Conversation>('GET', `/api/convos/${conversation.conversationId}`);
    expect(saved.json.title).toBe(response.json.title);
  });

  it("answers 404 for another user's conversation and 400 without an id", async () => {
    const owner = await signUp(api().client());
    const stranger = await signUp(api().client());
    const { conversation } = await seedConversation(owner.userId, { title: 'New Chat' });
    expect((await stranger.call('POST', '/api/convos/gen_title', { conversationId: conversation.conversationId })).status).toBe(404);
    const missing = await stranger.call<{ field: string }>('POST', '/api/convos/gen_title', {});
    expect(missing.status).toBe(400);
    expect(missing.json.field).toBe('conversationId');
    const stored = await owner.call<Conversation>('GET', `/api/convos/${conversation.conversationId}`);
    expect(stored.json.title).toBe('New Chat');
  });
});
