import { NO_PARENT, type Conversation, type Message, type SharedLink } from '@meld/shared';
import { describe, expect, it } from 'vitest';
import { bucketObjects, listBlobKeys } from '../../store/blobs.ts';
import { putConversation } from '../../store/conversation-store.ts';
import { putMessages } from '../../store/message-store.ts';
import { registerMember, useApi, type ApiClient } from '../api-test-kit.ts';

const api = useApi();

const at = new Date(Date.UTC(2026, 0, 1)).toISOString();

/** A conversation whose reply is too large for its item (its body goes to S3), shared publicly. */
async function sharedConversation(client: ApiClient, userId: string, token: string, id: string): Promise<SharedLink> {
  const conversation: Conversation = { conversationId: id, title: 'Mine', user: userId, isArchived: false, tags: [], endpoint: 'openAI', createdAt: at, updatedAt: at };
  const message = (messageId: string, parentMessageId: string, text: string): Message => ({
    messageId, conversationId: id, parentMessageId, text, sender: 'User', isCreatedByUser: true, createdAt: at, updatedAt: at,
  });
  await putConversation(userId, conversation);
  await putMessages(userId, [message('q1', NO_PARENT, 'hello'), message('a1', 'q1', 'word '.repeat(90_000))]);
  const created = await client.request<SharedLink>('POST', `/api/share/${id}`, { headers: { authorization: `Bearer ${token}` }, json: {} });
  expect(created.status).toBe(201);
  return created.json;
}

async function member() {
  const client = api().client();
  const { token, body, response } = await registerMember(client);
  const userId = (response.json as { user: { id: string } }).user.id;
  const headers = { authorization: `Bearer ${token}` };
  return { client, token, userId, email: body.email, password: body.password, headers };
}

describe('DELETE /api/user/delete', () => {
  it('removes the account and everything it owns, and leaves another member untouched', async () => {
    const maya = await member();
    const other = await member();
    const mayaLink = await sharedConversation(maya.client, maya.userId, maya.token, 'c1');
    const otherLink = await sharedConversation(other.client, other.userId, other.token, 'c1');
    await maya.client.request('PATCH', '/api/user/settings', { headers: maya.headers, json: { fontSize: 'xl' } });
    expect(await listBlobKeys(`messages/${maya.userId}/`)).toHaveLength(1);
    expect(await listBlobKeys(`shares/${mayaLink.shareId}.json`)).toHaveLength(1);
    await bucketObjects('audio').putBytes(`voice-notes/${maya.userId}/note.webm`, new Uint8Array([0x1a, 0x45, 0xdf, 0xa3]), 'audio/webm');
    // A dictation a crash left behind, and its transcript.
    await bucketObjects('audio').putBytes(`speech/${maya.userId}/d.webm`, new Uint8Array([0x1a, 0x45, 0xdf, 0xa3]), 'audio/webm');
    await bucketObjects('audio').putText(`transcripts/meld-speech.${maya.userId}.d.webm-0a1b2c3d.json`, '{}');

    const deleted = await maya.client.request('DELETE', '/api/user/delete', { headers: maya.headers, json: { email: `  ${maya.email.toUpperCase()} ` } });
    expect(deleted.status).toBe(200);
    expect(deleted.setCookies.some((value) => /^meld_refresh=;.*Max-Age=0/.test(value))).toBe(true);

    expect((await api().client().request('POST', '/api/auth/login', { json: { email: maya.email, password: maya.password } })).status).toBe(401);
    expect((await maya.client.request('GET', '/api/user', { headers: maya.headers })).status).toBe(401);
    expect((await api().client().request('GET', `/api/share/${mayaLink.shareId}`)).status).toBe(404);
    expect(await listBlobKeys(`messages/${maya.userId}/`)).toEqual([]);
    expect(await listBlobKeys(`shares/${mayaLink.shareId}.json`)).toEqual([]);
    expect(await bucketObjects('audio').listKeys(`voice-notes/${maya.userId}/`)).toEqual([]);
    expect(await bucketObjects('audio').listKeys(`speech/${maya.userId}/`)).toEqual([]);
    expect(await bucketObjects('audio').listKeys(`transcripts/meld-speech.${maya.userId}.`)).toEqual([]);
    const again = await registerMember(api().client(), { email: maya.email });
    expect(again.response.status).toBe(201);

    expect((await other.client.request('GET', '/api/user', { headers: other.headers })).status).toBe(200);
    expect((await other.client.request<Message[]>('GET', '/api/messages/c1', { headers: other.headers })).json).toHaveLength(2);
    expect((await api().client().request('GET', `/api/share/${otherLink.shareId}`)).status).toBe(200);
    expect(await listBlobKeys(`messages/${other.userId}/`)).toHaveLength(1);
  });

  it('ends every session: a refresh cookie from before no longer works', async () => {
    const maya = await member();
    const before = await maya.client.request('POST', '/api/auth/refresh');
    expect(before.status).toBe(200);
    await maya.client.request('DELETE', '/api/user/delete', { headers: maya.headers, json: { email: maya.email } });
    const cookie = before.setCookies.find((value) => value.startsWith('meld_refresh='))!.split(';')[0]!;
    expect((await api().client().request('POST', '/api/auth/refresh', { headers: { cookie } })).status).toBe(401);
  });

  it('refuses with a 400 naming email when the typed e-mail is not the account’s, and deletes nothing', async () => {
    const maya = await member();
    for (const email of ['someone.else@example.com', '', `${maya.email}x`]) {
      const response = await maya.client.request<{ field: string }>('DELETE', '/api/user/delete', { headers: maya.headers, json: { email } });
      expect(response.status, email).toBe(400);
      expect(response.json.field).toBe('email');
    }
    expect((await maya.client.request('GET', '/api/user', { headers: maya.headers })).status).toBe(200);
    expect((await api().client().request('POST', '/api/auth/login', { json: { email: maya.email, password: maya.password } })).status).toBe(200);
  });

  it('needs a signed-in member', async () => {
    expect((await api().client().request('DELETE', '/api/user/delete', { json: { email: 'a@example.com' } })).status).toBe(401);
  });
});
