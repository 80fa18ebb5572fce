import { decodeProtectedHeader } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import { resetSecretsCache } from '../../config/secrets.ts';
import { signingKeysFrom } from '../../domain/auth/signing-keys.ts';
import { registerMember, useApi, type ApiClient } from '../api-test-kit.ts';

const api = useApi();

/** What every function reads once its cached keys are older than the cache's lifetime. */
function putSecret(value: string): void {
  process.env.MELD_JWT_SECRET = value;
  resetSecretsCache();
}

const kidOf = (token: string) => decodeProtectedHeader(token).kid;
const profileStatus = async (client: ApiClient, token: string) => (await client.request('GET', '/api/user', { headers: { authorization: `Bearer ${token}` } })).status;

describe('rotating the JWT signing key', () => {
  let original: string | undefined;
  afterEach(() => {
    if (original !== undefined) putSecret(original);
  });

  it('signs nobody out: tokens of the old key hold until the key is retired, and the session carries on under the new one', async () => {
    original = process.env.MELD_JWT_SECRET!;
    const next = 'f'.repeat(128);
    const client = api().client();
    const { token: before } = await registerMember(client);
    expect(kidOf(before)).toBe(signingKeysFrom(original).current.kid);

    // 1. Announced: the new key verifies, the old one still signs.
    putSecret(`${original} ${next}`);
    expect(await profileStatus(client, before)).toBe(200);
    const announced = (await client.request<{ token: string }>('POST', '/api/auth/refresh')).json.token;
    expect(kidOf(announced)).toBe(signingKeysFrom(original).current.kid);

    // 2. Switched: the new key signs; the token from before the switch still works.
    putSecret(`${next} ${original}`);
    expect(await profileStatus(client, before)).toBe(200);
    const refreshed = await client.request<{ token: string }>('POST', '/api/auth/refresh');
    expect(refreshed.status).toBe(200);
    const after = refreshed.json.token;
    expect(kidOf(after)).toBe(signingKeysFrom(next).current.kid);
    expect(await profileStatus(client, after)).toBe(200);

    // 3. Retired (once the old key's last tokens expired): its tokens are refused, the member is
    // still signed in through the refresh cookie, and every new token is the new key's.
    putSecret(next);
    expect(await profileStatus(client, before)).toBe(401);
    expect(await profileStatus(client, after)).toBe(200);
    const renewed = await client.request<{ token: string }>('POST', '/api/auth/refresh');
    expect(renewed.status).toBe(200);
    expect(kidOf(renewed.json.token)).toBe(signingKeysFrom(next).current.kid);
  });
});
