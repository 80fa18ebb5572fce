import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signInClaims, type IdTokenClaims, type OidcIssuer } from './oidc-client.ts';
import { OidcError } from './oidc-error.ts';
import { withUserinfo } from './oidc-userinfo.ts';

describe('withUserinfo: claims the ID token lacks, from the userinfo answer (OIDC Core 5.3-5.4)', () => {
  it('takes the e-mail, its verification and the name from the userinfo answer when the ID token carries only sub', () => {
    const claims = withUserinfo({ sub: 'a-1', nonce: 'n' }, { sub: 'a-1', email: 'ada@example.com', email_verified: true, name: 'Ada' });
    expect(claims).toMatchObject({ sub: 'a-1', nonce: 'n', email: 'ada@example.com', email_verified: true, name: 'Ada' });
  });

  it('refuses an answer about another subject than the ID token, or about none', () => {
    expect(() => withUserinfo({ sub: 'a-1' }, { sub: 'b-2', email: 'ada@example.com', email_verified: true })).toThrow(OidcError);
    expect(() => withUserinfo({ sub: 'a-1' }, { email: 'ada@example.com', email_verified: true })).toThrow(OidcError);
  });

  it('keeps what the ID token says, and takes nothing from the answer that says who signed in or how', () => {
    const claims = withUserinfo(
      { sub: 'a-1', email: 'ada@example.com', email_verified: false, name: 'Ada' },
      { sub: 'a-1', email: 'other@example.com', email_verified: true, name: 'Eve', nonce: 'forged', identities: [{ providerName: 'Google' }] },
    );
    expect(claims).toEqual({ sub: 'a-1', email: 'ada@example.com', email_verified: false, name: 'Ada' });
  });

  it('takes the verification of the ID token’s address from the answer only when the answer names that same address', () => {
    const unsure: IdTokenClaims = { sub: 'a-1', email: 'ada@example.com' };
    expect(withUserinfo(unsure, { sub: 'a-1', email: 'ada@example.com', email_verified: true }).email_verified).toBe(true);
    expect(withUserinfo(unsure, { sub: 'a-1', email: 'eve@example.com', email_verified: true }).email_verified).toBeUndefined();
  });
});

describe('signInClaims: the code swapped, the ID token verified, the userinfo asked when needed', () => {
  let base = '';
  let tokenAnswer: Record<string, unknown> = {};
  let userinfoAnswer: { status: number; body: unknown } = { status: 200, body: {} };
  const userinfoRequests: IncomingMessage[] = [];
  const server = createServer((req, res) => {
    req.resume();
    if (req.url === '/token') return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(tokenAnswer));
    userinfoRequests.push(req);
    res.writeHead(userinfoAnswer.status, { 'content-type': 'application/json' }).end(JSON.stringify(userinfoAnswer.body));
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    userinfoRequests.length = 0;
  });

  /** An issuer whose "ID token" is its claims as JSON: the signature is another module's test. */
  const issuer = (userinfo = true): OidcIssuer => ({
    authorizationEndpoint: `${base}/authorize`,
    tokenEndpoint: `${base}/token`,
    ...(userinfo ? { userinfoEndpoint: `${base}/userinfo` } : {}),
    clientId: 'meld',
    verifyIdToken: async (token) => JSON.parse(token) as IdTokenClaims,
    brokered: false,
  });
  const issue = (idToken: IdTokenClaims, tokenType = 'Bearer') => {
    tokenAnswer = { id_token: JSON.stringify(idToken), access_token: 'at-123', token_type: tokenType };
  };
  const input = { code: 'c', redirectUri: 'http://127.0.0.1/oauth/callback', codeVerifier: 'v' };

  it('completes an ID token that carries only sub from the userinfo endpoint, with the access token as Bearer', async () => {
    issue({ sub: 'a-1', nonce: 'n' });
    userinfoAnswer = { status: 200, body: { sub: 'a-1', email: 'ada@example.com', email_verified: true, name: 'Ada' } };
    expect(await signInClaims(issuer(), input)).toMatchObject({ sub: 'a-1', nonce: 'n', email: 'ada@example.com', email_verified: true, name: 'Ada' });
    expect(userinfoRequests.map((req) => req.headers.authorization)).toEqual(['Bearer at-123']);
  });

  it('asks nothing more when the ID token has the e-mail (Cognito, the local fake)', async () => {
    issue({ sub: 'a-1', email: 'ada@example.com', email_verified: true });
    expect(await signInClaims(issuer(), input)).toEqual({ sub: 'a-1', email: 'ada@example.com', email_verified: true });
    expect(userinfoRequests).toHaveLength(0);
  });

  it('refuses a userinfo answer about another subject', async () => {
    issue({ sub: 'a-1' });
    userinfoAnswer = { status: 200, body: { sub: 'mallory', email: 'ada@example.com', email_verified: true } };
    await expect(signInClaims(issuer(), input)).rejects.toThrow(/another subject/);
  });

  it('refuses when the userinfo endpoint refuses the token', async () => {
    issue({ sub: 'a-1' });
    userinfoAnswer = { status: 401, body: { error: 'invalid_token' } };
    await expect(signInClaims(issuer(), input)).rejects.toThrow(/answered 401/);
  });

  it('leaves the claims as the ID token has them when there is no userinfo endpoint or no Bearer token to ask it with', async () => {
    issue({ sub: 'a-1' });
    expect(await signInClaims(issuer(false), input)).toEqual({ sub: 'a-1' });
    issue({ sub: 'a-1' }, 'DPoP');
    expect(await signInClaims(issuer(), input)).toEqual({ sub: 'a-1' });
    expect(userinfoRequests).toHaveLength(0);
  });
});
