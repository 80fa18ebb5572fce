import { decodeProtectedHeader, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { signingKeysFrom, signWithCurrentKey, verifyWithKeys } from './signing-keys.ts';

const OLD = 'o'.repeat(64);
const NEW = 'n'.repeat(64);
const sign = (secret: string) => signWithCurrentKey(new SignJWT({ sub: 'u1' }).setAudience('test').setExpirationTime('5m'), signingKeysFrom(secret));
const verified = (token: string, secret: string) =>
  verifyWithKeys(token, signingKeysFrom(secret), { audience: 'test' }).then(
    (payload) => payload.sub,
    (error: Error) => `refused: ${error.message}`,
  );

describe('JWT signing keys', () => {
  it('signs with the first key, names it in the header, and gives no key away in its id', async () => {
    const keys = signingKeysFrom(`  ${NEW}\n${OLD} ${NEW} `);
    expect(keys.all.map((key) => key.kid)).toEqual([keys.current.kid, signingKeysFrom(OLD).current.kid]);
    const header = decodeProtectedHeader(await sign(`${NEW} ${OLD}`));
    expect(header).toEqual({ alg: 'HS256', kid: signingKeysFrom(NEW).current.kid });
    expect(header.kid).toMatch(/^[\w-]{16}$/);
    expect(Buffer.from(NEW).toString('base64url')).not.toContain(header.kid);
    expect(() => signingKeysFrom(' \n ')).toThrow('The JWT secret holds no key');
  });

  it('accepts a token of any listed key, by its id, and none of a key no longer listed', async () => {
    const old = await sign(OLD);
    // Announced: the new key verifies before any function signs with it.
    expect(await verified(await sign(NEW), `${OLD} ${NEW}`)).toBe('u1');
    // Switched: the old key's tokens stay good until they expire.
    expect(await verified(old, `${NEW} ${OLD}`)).toBe('u1');
    // Retired.
    expect(await verified(old, NEW)).toBe('refused: The token was signed with a key that is no longer accepted');
  });

  it('checks a token without a key id (signed before keys had ids) against the signing key alone', async () => {
    const plain = await new SignJWT({ sub: 'u1' }).setProtectedHeader({ alg: 'HS256' }).setAudience('test').setExpirationTime('5m').sign(new TextEncoder().encode(OLD));
    expect(await verified(plain, OLD)).toBe('u1');
    expect(await verified(plain, `${NEW} ${OLD}`)).toMatch(/^refused: signature verification failed/);
  });

  it('refuses a forged id, another algorithm and an unsigned token', async () => {
    const forged = await new SignJWT({ sub: 'u1' }).setProtectedHeader({ alg: 'HS256', kid: signingKeysFrom(OLD).current.kid }).setAudience('test').sign(new TextEncoder().encode(NEW));
    expect(await verified(forged, OLD)).toMatch(/^refused: signature verification failed/);
    const other = await new SignJWT({ sub: 'u1' }).setProtectedHeader({ alg: 'HS512' }).setAudience('test').sign(new TextEncoder().encode(OLD));
    expect(await verified(other, OLD)).toMatch(/^refused: "alg" \(Algorithm\) Header Parameter value not allowed/);
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{"sub":"u1","aud":"test"}').toString('base64url')}.`;
    expect(await verified(unsigned, OLD)).toMatch(/^refused/);
  });
});
