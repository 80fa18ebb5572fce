import { createHash } from 'node:crypto';
import { jwtVerify, type JWTPayload, type JWTVerifyOptions, type SignJWT } from 'jose';

/** One HMAC key and its id, which tokens carry in their header (`kid`). */
export interface SigningKey {
  kid: string;
  key: Uint8Array;
}

/**
 * The keys that sign and verify Meld's own tokens (access tokens, social sign-in state, action
 * sign-in tickets): the first signs, every one verifies. Rotating adds a key and later drops the
 * old one, so tokens already handed out stay good until they expire (docs/operations.md).
 */
export interface SigningKeys {
  current: SigningKey;
  all: readonly SigningKey[];
}

/** A key's id: a digest of it, so nobody keeps a list of ids and no id reveals its key. */
function keyId(secret: string): string {
  return createHash('sha256').update(`meld-jwt-kid:${secret}`).digest('base64url').slice(0, 16);
}

/** The keys a secret lists, whitespace apart, the signing one first. */
export function signingKeysFrom(secret: string): SigningKeys {
  const [first, ...older] = [...new Set(secret.split(/\s+/).filter(Boolean))];
  if (first === undefined) throw new Error('The JWT secret holds no key');
  const keyOf = (one: string): SigningKey => ({ kid: keyId(one), key: new TextEncoder().encode(one) });
  const current = keyOf(first);
  return { current, all: [current, ...older.map(keyOf)] };
}

/** Signs with the current key, naming it in the header so a verifier picks it among several. */
export function signWithCurrentKey(token: SignJWT, keys: SigningKeys): Promise<string> {
  return token.setProtectedHeader({ alg: 'HS256', kid: keys.current.kid }).sign(keys.current.key);
}

/**
 * Verifies with the key the header names; a token without a `kid` (signed before keys had ids)
 * only with the current key. Throws, as jose does, for anything forged, expired or signed with a
 * key no longer listed.
 */
export async function verifyWithKeys(token: string, keys: SigningKeys, options: Omit<JWTVerifyOptions, 'algorithms'>): Promise<JWTPayload> {
  const { payload } = await jwtVerify(
    token,
    (header) => {
      if (header.kid === undefined) return keys.current.key;
      const found = keys.all.find((one) => one.kid === header.kid);
      if (!found) throw new Error('The token was signed with a key that is no longer accepted');
      return found.key;
    },
    { ...options, algorithms: ['HS256'] },
  );
  return payload;
}
