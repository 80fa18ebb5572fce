import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, UnsecuredJWT, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announcedAlgorithms, ID_TOKEN_ALGORITHMS, idTokenVerifier } from './oidc-id-token.ts';

const ISSUER = 'https://id.example.com';
const CLIENT = 'meld';

/** A signing key for each algorithm family, published in one JWKS. */
const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
const curves = { ES256: 'P-256', ES384: 'P-384', ES512: 'P-521' } as const;
const ec = Object.fromEntries(Object.entries(curves).map(([alg, namedCurve]) => [alg, generateKeyPairSync('ec', { namedCurve })]));
const ed = generateKeyPairSync('ed25519');

function keyFor(alg: string): { kid: string; key: KeyObject } {
  if (alg.startsWith('RS') || alg.startsWith('PS')) return { kid: 'rsa', key: rsa.privateKey };
  if (alg in ec) return { kid: alg, key: ec[alg]!.privateKey };
  return { kid: 'ed', key: ed.privateKey };
}

const jwks = {
  keys: [
    { ...rsa.publicKey.export({ format: 'jwk' }), kid: 'rsa' },
    ...Object.entries(ec).map(([alg, pair]) => ({ ...pair.publicKey.export({ format: 'jwk' }), kid: alg })),
    { ...ed.publicKey.export({ format: 'jwk' }), kid: 'ed' },
  ],
};

let jwksUri = '';
const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(jwks)));
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  jwksUri = `http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function idToken(alg: string, claims: JWTPayload = {}): Promise<string> {
  const { kid, key } = keyFor(alg);
  return new SignJWT({ sub: 'a-1', iss: ISSUER, aud: CLIENT, ...claims })
    .setProtectedHeader({ alg, kid })
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(key);
}

const verifier = (algorithms: string[]) => idTokenVerifier({ issuer: ISSUER, clientId: CLIENT, jwksUri, algorithms });

describe('announcedAlgorithms: what an issuer’s discovery document lets Meld accept', () => {
  it('keeps the announced asymmetric algorithms and drops HS256 and none', () => {
    expect(announcedAlgorithms(['HS256', 'none', 'PS256', 'RS256', 'EdDSA'])).toEqual(['RS256', 'PS256', 'EdDSA']);
  });

  it('falls back to RS256, OpenID Connect’s default, when the document has no list', () => {
    expect(announcedAlgorithms(undefined)).toEqual(['RS256']);
  });

  it('refuses an issuer that announces nothing Meld verifies', () => {
    expect(() => announcedAlgorithms(['HS256', 'none'])).toThrow(/none of/);
  });
});

describe('idTokenVerifier: ID tokens signed with any algorithm the issuer announces', () => {
  it.each(ID_TOKEN_ALGORITHMS)('accepts %s when announced', async (alg) => {
    expect(await verifier([alg])(await idToken(alg))).toMatchObject({ sub: 'a-1', iss: ISSUER, aud: CLIENT });
  });

  it('refuses an algorithm the issuer does not announce', async () => {
    await expect(verifier(['RS256'])(await idToken('PS256'))).rejects.toThrow(/alg/);
  });

  it('refuses an unsigned token even if its algorithm were announced', async () => {
    const unsigned = new UnsecuredJWT({ sub: 'a-1' }).setIssuer(ISSUER).setAudience(CLIENT).setIssuedAt().setExpirationTime('5m').encode();
    await expect(verifier(['RS256'])(unsigned)).rejects.toThrow();
  });

  it('refuses a token for another client: another audience, or another authorized party (azp)', async () => {
    await expect(verifier(['ES256'])(await idToken('ES256', { aud: 'someone-else' }))).rejects.toThrow(/aud/);
    await expect(verifier(['ES256'])(await idToken('ES256', { aud: [CLIENT, 'someone-else'], azp: 'someone-else' }))).rejects.toThrow(/azp/);
  });

  it('refuses a token with no subject', async () => {
    const { kid, key } = keyFor('RS256');
    const token = await new SignJWT({}).setProtectedHeader({ alg: 'RS256', kid }).setIssuer(ISSUER).setAudience(CLIENT).setIssuedAt().setExpirationTime('5m').sign(key);
    await expect(verifier(['RS256'])(token)).rejects.toThrow(/sub/);
  });
});
