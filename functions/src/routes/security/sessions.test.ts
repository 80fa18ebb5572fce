import { describe, expect, it } from 'vitest';
import { issueLinkToken } from '../../domain/auth/link-tokens.ts';
import { putBan } from '../../store/ban-store.ts';
import { keys } from '../../store/keys.ts';
import { putOneTimeToken } from '../../store/one-time-token-store.ts';
import { table } from '../../store/table.ts';
import { setUserRole } from '../../store/user-store.ts';
import { askStream } from '../ask/ask-stream-client.ts';
import { dbCalls, registerMember, useApi, type ApiClient } from '../api-test-kit.ts';

/**
 * Issue 21 section 6: a session ends when it should. A signed access token is only good while its
 * session stands: signing out, a password reset, the account's deletion (by its owner or an admin)
 * end it at once, and a ban refuses it at once, on buffered and streaming routes alike.
 */
const api = useApi({ config: { endpoints: { demo: { enabled: true } } } });

const ENDED = { code: 'UNAUTHORIZED', message: 'Your session has ended. Please sign in again.' };
const BANNED = { code: 'BANNED', message: 'Your account has been temporarily banned due to violations of our service.' };

async function member(client: ApiClient = api().client()) {
  const { token, body, response } = await registerMember(client);
  return { client, token, body, userId: (response.json as { user: { id: string } }).user.id };
}

/** What an attacker holding the token tries: a buffered write, a buffered read, and a chat (streaming) that would create a conversation. */
async function attempts(token: string) {
  const client = api().client();
  const headers = { authorization: `Bearer ${token}` };
  const preset = await client.request('POST', '/api/presets', { headers, json: { title: 'Left behind', endpoint: 'demo', model: 'meld-demo' } });
  const list = await client.request('GET', '/api/convos', { headers });
  const chat = await askStream(api().baseUrl, '/api/ask/demo', token, { text: 'Still there?', conversationId: null, model: 'meld-demo', endpoint: 'demo' });
  return [
    [preset.status, preset.json],
    [list.status, list.json],
    [chat.status, JSON.parse(chat.text) as unknown],
  ];
}

const refusedWith = (answer: object, status = 401) => [
  [status, answer],
  [status, answer],
  [status, answer],
];

async function partitionItems(userId: string): Promise<unknown[]> {
  return table.queryAll({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': keys.userPartition(userId) } });
}

describe('an access token after its session ended', () => {
  it('writes nothing once the account is deleted: buffered and streaming routes answer 401 and the partition stays empty', async () => {
    const me = await member();
    const deleted = await me.client.request('DELETE', '/api/user/delete', { headers: { authorization: `Bearer ${me.token}` }, json: { email: me.body.email } });
    expect(deleted.status).toBe(200);

    expect(await attempts(me.token)).toEqual(refusedWith(ENDED));
    expect(await partitionItems(me.userId)).toEqual([]);
  });

  it('writes nothing once an admin deleted the account', async () => {
    const admin = await member();
    await setUserRole(admin.userId, 'ADMIN', new Date().toISOString());
    const victim = await member();
    const deleted = await admin.client.request('DELETE', `/api/user/${victim.userId}`, { headers: { authorization: `Bearer ${admin.token}` } });
    expect(deleted.status).toBe(200);

    expect(await attempts(victim.token)).toEqual(refusedWith(ENDED));
    expect(await partitionItems(victim.userId)).toEqual([]);
  });

  it('is refused once its own session signed out, while the member’s other session keeps working', async () => {
    const me = await member();
    const elsewhere = api().client();
    const login = await elsewhere.request<{ token: string }>('POST', '/api/auth/login', { json: { email: me.body.email, password: me.body.password } });
    expect(login.status).toBe(200);

    const loggedOut = await me.client.request('POST', '/api/auth/logout');
    expect(loggedOut.status).toBe(200);

    expect(await attempts(me.token)).toEqual(refusedWith(ENDED));
    expect((await me.client.request('POST', '/api/auth/refresh')).status).toBe(401);
    const other = await elsewhere.request('GET', '/api/convos', { headers: { authorization: `Bearer ${login.json.token}` } });
    expect(other.status).toBe(200);
  });

  it('is refused, in every session, once the password is reset', async () => {
    const me = await member();
    const elsewhere = api().client();
    const login = await elsewhere.request<{ token: string }>('POST', '/api/auth/login', { json: { email: me.body.email, password: me.body.password } });
    const token = await issueLinkToken(me.userId, 'password-reset', 60_000, { putToken: putOneTimeToken, now: new Date() });
    const reset = await api().client().request('POST', '/api/auth/resetPassword', {
      json: { userId: me.userId, token, password: 'a-brand-new-secret', confirm_password: 'a-brand-new-secret' },
    });
    expect(reset.status).toBe(200);

    expect(await attempts(me.token)).toEqual(refusedWith(ENDED));
    expect(await attempts(login.json.token)).toEqual(refusedWith(ENDED));
    const again = await api().client().request('POST', '/api/auth/login', { json: { email: me.body.email, password: 'a-brand-new-secret' } });
    expect(again.status).toBe(200);
  });

  it('is refused with 403 BANNED on every route once the account is banned, and accepted again when the ban ends', async () => {
    const me = await member();
    const until = Date.now() + 3_000;
    await putBan({ kind: 'user', id: me.userId }, until);

    expect(await attempts(me.token)).toEqual(refusedWith(BANNED, 403));
    await new Promise((resolve) => setTimeout(resolve, until - Date.now() + 50));
    const list = await me.client.request('GET', '/api/convos', { headers: { authorization: `Bearer ${me.token}` } });
    expect(list.status).toBe(200);
  });
});

describe('what the session check costs', () => {
  it('is one read per signed-in request', async () => {
    const me = await member();
    const headers = { authorization: `Bearer ${me.token}` };
    // Listing conversations is one query of its own; the session's standing is the one read more.
    expect(dbCalls(await me.client.request('GET', '/api/convos', { headers }))).toBe(2);
  });
});
