import { describe, expect, it } from 'vitest';
import { getUserKey, userKeyForEndpoint } from '../../domain/keys/user-keys.ts';
import { UserKeyError } from '../../domain/keys/user-key-errors.ts';
import { keys } from '../../store/keys.ts';
import { table } from '../../store/table.ts';
import { dbCalls, signUp, useApi } from '../api-test-kit.ts';
import { userKeyDeps } from './user-key-deps.ts';

const api = useApi({
  config: {
    endpoints: {
      demo: { enabled: true },
      openAI: { apiKey: 'user_provided', models: ['gpt-4o-mini'] },
      anthropic: { apiKey: 'sk-ant-server', models: ['claude-3-5-sonnet'] },
      custom: [{ name: 'Gateway', apiKey: 'user_provided', baseURL: 'https://gateway.example.com/v1', models: ['llama'] }],
    },
  },
});

const NOW = Date.now();
const inDays = (days: number) => new Date(NOW + days * 86_400_000).toISOString();
type KeyList = { keys: { name: string; expiresAt: string | null }[] };
type Failure = { code: string; message: string; field?: string };

describe('user-provided keys', () => {
  it('stores a key for an endpoint that takes one and lists its name and expiry, never its value', async () => {
    const me = await signUp(api().client());
    expect((await me.call<KeyList>('GET', '/api/keys')).json).toEqual({ keys: [] });

    const expiresAt = inDays(30);
    const saved = await me.call('PUT', '/api/keys', { name: 'openAI', value: 'sk-user-secret-1', expiresAt });
    expect(saved.status).toBe(200);
    expect(saved.json).toEqual({ name: 'openAI', expiresAt });
    expect(dbCalls(saved)).toBe(2);
    await me.call('PUT', '/api/keys', { name: 'Gateway', value: '{"apiKey":"gw-key","baseURL":"https://x.example.com"}', expiresAt: null });

    const listed = await me.call<KeyList>('GET', '/api/keys');
    expect(listed.json).toEqual({ keys: [{ name: 'Gateway', expiresAt: null }, { name: 'openAI', expiresAt }] });
    expect(listed.text).not.toContain('sk-user-secret-1');
    expect(dbCalls(listed)).toBe(2);
  });

  it('keeps only ciphertext in the table, which the chat pipeline opens with the entry point', async () => {
    const me = await signUp(api().client());
    await me.call('PUT', '/api/keys', { name: 'openAI', value: 'sk-user-secret-2', expiresAt: null });
    const item = await table.get<Record<string, unknown>>(keys.userKey(me.userId, 'openAI'));
    expect(JSON.stringify(item)).not.toContain('sk-user-secret-2');
    expect(item).toMatchObject({ kid: expect.any(String), iv: expect.any(String), tag: expect.any(String), ciphertext: expect.any(String) });

    expect(await getUserKey(me.userId, 'openAI', new Date(), userKeyDeps)).toBe('sk-user-secret-2');
    expect(await userKeyForEndpoint(me.userId, 'openAI', new Date(), userKeyDeps)).toBe('sk-user-secret-2');
    expect(await userKeyForEndpoint(me.userId, 'anthropic', new Date(), userKeyDeps)).toBeUndefined();
  });

  it('replaces the key and its expiry when set again', async () => {
    const me = await signUp(api().client());
    await me.call('PUT', '/api/keys', { name: 'openAI', value: 'sk-old', expiresAt: inDays(1) });
    await me.call('PUT', '/api/keys', { name: 'openAI', value: 'sk-new', expiresAt: null });
    expect((await me.call<KeyList>('GET', '/api/keys')).json.keys).toEqual([{ name: 'openAI', expiresAt: null }]);
    expect(await getUserKey(me.userId, 'openAI', new Date(), userKeyDeps)).toBe('sk-new');
  });

  it.each([
    ['an endpoint that is not configured', { name: 'google', value: 'k', expiresAt: null }, 'name'],
    ['an endpoint that uses the server’s key', { name: 'anthropic', value: 'k', expiresAt: null }, 'name'],
    ['an empty value', { name: 'openAI', value: '  ', expiresAt: null }, 'value'],
    ['a missing value', { name: 'openAI', expiresAt: null }, 'value'],
    ['an expiry in the past', { name: 'openAI', value: 'k', expiresAt: inDays(-1) }, 'expiresAt'],
    ['an expiry that is not a date', { name: 'openAI', value: 'k', expiresAt: 'next week' }, 'expiresAt'],
  ])('refuses %s with a 400 naming the field', async (_, body, field) => {
    const me = await signUp(api().client());
    const response = await me.call<Failure>('PUT', '/api/keys', body);
    expect(response.status).toBe(400);
    expect(response.json.field).toBe(field);
    expect((await me.call<KeyList>('GET', '/api/keys')).json.keys).toEqual([]);
  });

  it('deletes one key, and answers deleted: false when there is none', async () => {
    const me = await signUp(api().client());
    await me.call('PUT', '/api/keys', { name: 'openAI', value: 'sk-1', expiresAt: null });
    await me.call('PUT', '/api/keys', { name: 'Gateway', value: 'gw-1', expiresAt: null });
    const deleted = await me.call('DELETE', '/api/keys/openAI');
    expect(deleted.json).toEqual({ deleted: true });
    expect(dbCalls(deleted)).toBe(2);
    expect((await me.call('DELETE', '/api/keys/openAI')).json).toEqual({ deleted: false });
    expect((await me.call<KeyList>('GET', '/api/keys')).json.keys.map((key) => key.name)).toEqual(['Gateway']);
  });

  it('deletes every key only when asked with all=true', async () => {
    const me = await signUp(api().client());
    await me.call('PUT', '/api/keys', { name: 'openAI', value: 'sk-1', expiresAt: null });
    await me.call('PUT', '/api/keys', { name: 'Gateway', value: 'gw-1', expiresAt: null });
    const refused = await me.call<Failure>('DELETE', '/api/keys');
    expect(refused.status).toBe(400);
    expect(refused.json.field).toBe('all');
    expect((await me.call('DELETE', '/api/keys?all=true')).json).toEqual({ deleted: 2 });
    expect((await me.call<KeyList>('GET', '/api/keys')).json.keys).toEqual([]);
    expect((await me.call('DELETE', '/api/keys?all=true')).json).toEqual({ deleted: 0 });
  });

  it('never shows or deletes another user’s keys', async () => {
    const owner = await signUp(api().client());
    const other = await signUp(api().client());
    await owner.call('PUT', '/api/keys', { name: 'openAI', value: 'sk-owner', expiresAt: null });
    expect((await other.call<KeyList>('GET', '/api/keys')).json.keys).toEqual([]);
    expect((await other.call('DELETE', '/api/keys/openAI')).json).toEqual({ deleted: false });
    expect((await other.call('DELETE', '/api/keys?all=true')).json).toEqual({ deleted: 0 });
    await expect(getUserKey(other.userId, 'openAI', new Date(), userKeyDeps)).rejects.toMatchObject({ type: 'no_user_key' });
    expect(await getUserKey(owner.userId, 'openAI', new Date(), userKeyDeps)).toBe('sk-owner');
  });

  it('requires a signed-in user', async () => {
    const response = await api().client().request('GET', '/api/keys');
    expect(response.status).toBe(401);
  });

  it('tells the pipeline which endpoint has no key, and when an expired key expired', async () => {
    const me = await signUp(api().client());
    const missing = await getUserKey(me.userId, 'Gateway', new Date(), userKeyDeps).catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(UserKeyError);
    expect(missing).toMatchObject({ type: 'no_user_key', endpoint: 'Gateway' });
    expect(missing).toMatchObject({ info: { endpoint: 'Gateway' }, message: expect.stringContaining('Gateway') });

    const expiresAt = inDays(1);
    await me.call('PUT', '/api/keys', { name: 'openAI', value: 'sk-soon', expiresAt });
    const later = new Date(NOW + 2 * 86_400_000);
    const expired = await getUserKey(me.userId, 'openAI', later, userKeyDeps).catch((error: unknown) => error);
    expect(expired).toMatchObject({ type: 'expired_user_key', endpoint: 'openAI', expiredAt: expiresAt });
    expect(expired).toMatchObject({ info: { endpoint: 'openAI', expiredAt: expiresAt } });
    expect((await me.call<KeyList>('GET', '/api/keys')).json.keys).toEqual([{ name: 'openAI', expiresAt }]);
  });

  it('answers invalid_user_key when a stored key no longer opens with the server’s secret', async () => {
    const me = await signUp(api().client());
    await me.call('PUT', '/api/keys', { name: 'openAI', value: 'sk-1', expiresAt: null });
    const otherSecret = { ...userKeyDeps, encryptionKeys: async () => (await import('../../crypto/envelope.ts')).keysFromSecret('a-replaced-secret') };
    await expect(getUserKey(me.userId, 'openAI', new Date(), otherSecret)).rejects.toMatchObject({ type: 'invalid_user_key', endpoint: 'openAI' });
  });
});
