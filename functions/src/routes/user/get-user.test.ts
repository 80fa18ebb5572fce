import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { dbCalls, registerMember, useApi } from '../api-test-kit.ts';

const api = useApi();

describe('GET /api/user', () => {
  it('returns the signed-in member with one read', async () => {
    const client = api().client();
    const { token, body } = await registerMember(client);
    const response = await client.request('GET', '/api/user', { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ email: body.email, profile: { whyHere: 'goal,fresh-start', state: 'Missouri' } });
    expect(dbCalls(response)).toBe(2);
  });

  it('accepts the token in X-Meld-Authorization, as streaming routes behind CloudFront send it', async () => {
    const client = api().client();
    const { token } = await registerMember(client);
    const response = await client.request('GET', '/api/user', { headers: { 'x-meld-authorization': `Bearer ${token}` } });
    expect(response.status).toBe(200);
  });

  it('answers 401 without a token, with a malformed one, and with one signed by another key', async () => {
    const forged = await new SignJWT({ role: 'ADMIN', sid: 'session-0001' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('user-00000001')
      .setIssuer('meld')
      .setAudience('meld-api')
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode('not-the-server-key-'.repeat(4)));
    for (const authorization of [undefined, 'Bearer', 'Bearer not.a.jwt', `Bearer ${forged}`, 'Basic abc']) {
      const response = await api().client().request('GET', '/api/user', { headers: authorization ? { authorization } : {} });
      expect(response.status, String(authorization)).toBe(401);
      expect(response.json).toMatchObject({ code: 'UNAUTHORIZED' });
    }
  });
});
