import { NO_PARENT, type Message } from '@meld/shared';
import { describe, expect, it } from 'vitest';
import { getMessage } from '../../store/message-store.ts';
import { useApi } from '../api-test-kit.ts';
import { seedConversation, signUp } from '../convos/__fixtures__/members.ts';

const api = useApi();

const page = (body: string) => `Here you go.\n\n:::artifact{identifier="page" type="text/html" title="Page"}\n\`\`\`html\n${body}\n\`\`\`\n:::\n\nEnjoy.`;
const chart = ':::artifact{identifier="flow" type="application/vnd.mermaid" title="Flow"}\n```mermaid\ngraph TD; A-->B\n```\n:::';

function thread(conversationId: string, reply: Partial<Message>): Message[] {
  const at = '2026-01-10T10:00:00.000Z';
  return [
    { messageId: 'q1', conversationId, parentMessageId: NO_PARENT, text: 'Make me a page', sender: 'User', isCreatedByUser: true, createdAt: at, updatedAt: at },
    { messageId: 'a1', conversationId, parentMessageId: 'q1', text: page('<h1>Old</h1>'), sender: 'openAI', isCreatedByUser: false, tokenCount: 40, createdAt: at, updatedAt: at, ...reply },
  ];
}

describe('POST /api/messages/artifact/{messageId}', () => {
  it('replaces the artifact code in the reply text, saves it and returns the message', async () => {
    const member = await signUp(api().client());
    const { conversation } = await seedConversation(member.userId, {}, (id) => thread(id, {}));
    const body = { conversationId: conversation.conversationId, index: 0, original: '<h1>Old</h1>', updated: '<h1>New</h1>' };
    const response = await member.call<Message>('POST', '/api/messages/artifact/a1', body);
    expect(response.status).toBe(200);
    expect(response.json.text).toBe(page('<h1>New</h1>'));
    expect(response.json.tokenCount).toBeUndefined();
    expect(await getMessage(member.userId, conversation.conversationId, 'a1')).toEqual(response.json);
  });

  it('edits the text part holding the artifact when the reply is made of parts, counting artifacts across parts', async () => {
    const member = await signUp(api().client());
    const content = [
      { type: 'think', think: 'Planning…' },
      { type: 'text', text: page('<h1>Old</h1>') },
      { type: 'text', text: `\n${chart}` },
    ];
    const { conversation } = await seedConversation(member.userId, {}, (id) => thread(id, { content, text: `${page('<h1>Old</h1>')}\n${chart}` }));
    const body = { conversationId: conversation.conversationId, index: 1, original: 'graph TD; A-->B', updated: 'graph LR; X-->Y' };
    const response = await member.call<Message>('POST', '/api/messages/artifact/a1', body);
    expect(response.status).toBe(200);
    expect(response.json.content).toEqual([content[0], content[1], { type: 'text', text: `\n${chart.replace('graph TD; A-->B', 'graph LR; X-->Y')}` }]);
    expect(response.json.text).toBe(`${page('<h1>Old</h1>')}\n${chart.replace('graph TD; A-->B', 'graph LR; X-->Y')}`);
  });

  it('answers 409 and keeps the reply when the stored code is no longer the original the edit started from', async () => {
    const member = await signUp(api().client());
    const { conversation } = await seedConversation(member.userId, {}, (id) => thread(id, {}));
    const response = await member.call<{ code: string }>('POST', '/api/messages/artifact/a1', { conversationId: conversation.conversationId, index: 0, original: '<h1>Stale</h1>', updated: '<h1>New</h1>' });
    expect(response.status).toBe(409);
    expect((await getMessage(member.userId, conversation.conversationId, 'a1'))!.text).toBe(page('<h1>Old</h1>'));
    const missing = await member.call('POST', '/api/messages/artifact/a1', { conversationId: conversation.conversationId, index: 3, original: '', updated: 'x' });
    expect(missing.status).toBe(409);
  });

  it("returns 404 for another user's message and for the user's own question", async () => {
    const owner = await signUp(api().client());
    const stranger = await signUp(api().client());
    const { conversation } = await seedConversation(owner.userId, {}, (id) => thread(id, {}));
    const body = { conversationId: conversation.conversationId, index: 0, original: '<h1>Old</h1>', updated: '<h1>Mine</h1>' };
    expect((await stranger.call('POST', '/api/messages/artifact/a1', body)).status).toBe(404);
    expect((await owner.call('POST', '/api/messages/artifact/q1', body)).status).toBe(404);
    expect((await getMessage(owner.userId, conversation.conversationId, 'a1'))!.text).toBe(page('<h1>Old</h1>'));
  });

  it('refuses a body without an index, naming the field', async () => {
    const member = await signUp(api().client());
    const response = await member.call<{ message: string }>('POST', '/api/messages/artifact/a1', { conversationId: 'c', original: '', updated: '' });
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.json)).toContain('index');
  });
});
