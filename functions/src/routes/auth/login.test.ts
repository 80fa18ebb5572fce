import { describe, expect, it } from 'vitest';
import { dbCalls, registerMember, useApi } from '../api-test-kit.ts';

const api = useApi({ config: { rateLimits: { login: { max: 3, windowMinutes: 5 } } } });

describe('POST /api/auth/login', () => {
  it('signs in with the right password, in any e-mail case, and records the login', async () => {
    const { body } = await registerMember(api().client());
    const client = api().client();
    const response = await client.request('POST', '/api/auth/login', { json: { email: body.email.toUpperCase(), password: body.password } });
    expect(response.status).toBe(200);
    const json = response.json as { token: string; user: { email: string; lastLogin: string } };
    expect(json.user.email).toBe(body.email);
    expect(Date.parse(json.user.lastLogin)).toBeGreaterThan(Date.now() - 60_000);
    expect(response.setCookies.some((cookie) => cookie.startsWith('meld_refresh='))).toBe(true);
    expect(dbCalls(response)).toBe(7);
  });

  it('gives the same 401 for a wrong password and for an unknown e-mail', async () => {
    const { body } = await registerMember(api().client());
    const client = api().client();
    const wrong = await client.request('POST', '/api/auth/login', { json: { email: body.email, password: 'not-the-password' } });
    const unknown = await client.request('POST', '/api/auth/login', { json: { email: 'nobody@example.com', password: 'not-the-password' } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.json).toEqual(unknown.json);
    expect(wrong.json).toEqual({ code: 'INVALID_CREDENTIALS', message: 'Email or password is incorrect.' });
  });

  it('rate-limits repeated attempts on one account from many addresses with a 429 and Retry-After', async () => {
    const { body } = await registerMember(api().client());
    const statuses: number[] = [];
    let last;
    for (let attempt = 0; attempt < 4; attempt++) {
      const client = api().client({ localAddress: `127.0.1.${attempt + 1}` });
      last = await client.request('POST', '/api/auth/login', { json: { email: body.email, password: 'guess-number-' + attempt } });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(last!.json).toMatchObject({ code: 'RATE_LIMITED' });
  });

  it('rate-limits one address trying many accounts', async () => {
    const client = api().client({ localAddress: '127.0.2.1' });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt++) {
      const response = await client.request('POST', '/api/auth/login', { json: { email: `someone.${attempt}@example.com`, password: 'guess-number-1' } });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
  });
});
