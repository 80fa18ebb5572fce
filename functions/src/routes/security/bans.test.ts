import { describe, expect, it } from 'vitest';
import { putBan } from '../../store/ban-store.ts';
import { listIpViolations, listViolations } from '../../store/violation-store.ts';
import { registerMember, TEST_SIGNUP_CODE, useApi } from '../api-test-kit.ts';

const BANNED = { code: 'BANNED', message: 'Your account has been temporarily banned due to violations of our service.' };
/** Six-second bans, waited out in real time (this file never moves the request clock), so a test can see one end. */
const BAN_MINUTES = 0.1;
const api = useApi({ config: { rateLimits: { login: { max: 3, windowMinutes: 5 }, twoFactor: { max: 2, windowMinutes: 5 } }, ban: { threshold: 2, windowMinutes: 60, durationMinutes: BAN_MINUTES } } });

const sleepUntil = (time: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, time - Date.now()) + 50));
/** Starts a test clear of a five-minute window's end, so all its attempts count in one window. */
async function freshWindow(): Promise<void> {
  const nextWindow = Math.ceil(Date.now() / 300_000) * 300_000;
  if (nextWindow - Date.now() < 20_000) await sleepUntil(nextWindow);
}

describe('parallel sign-in attempts', () => {
  it('let exactly the limit through from one address, whatever their number', async () => {
    await freshWindow();
    const client = api().client({ localAddress: '127.0.6.1' });
    const attempts = await Promise.all(
      Array.from({ length: 30 }, (_, i) => client.request('POST', '/api/auth/login', { json: { email: `crowd.${i}@example.com`, password: 'guess-number-1' } })),
    );
    const statuses = attempts.map((attempt) => attempt.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(3);
    // The rest were refused by the limit, or by the ban its violations soon earned.
    expect(statuses.filter((status) => status === 429 || status === 403)).toHaveLength(27);
  });
});

describe('an IP address that keeps hitting the login limit', () => {
  it('is banned for the configured time: 403 BANNED on login, register, refresh and the signup code, then let back in', async () => {
    await freshWindow();
    // An address of its own, so the ban stays out of the other tests.
    const from = { localAddress: '127.0.3.1' };
    const member = api().client(from);
    const { body } = await registerMember(member);
    const login = (password: string) => api().client(from).request('POST', '/api/auth/login', { json: { email: body.email, password } });

    const statuses = [];
    for (let attempt = 0; attempt < 5; attempt++) statuses.push((await login(`guess-number-${attempt}`)).status);
    const bannedAt = Date.now();
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    expect(await listIpViolations('127.0.3.1', 'ban')).toHaveLength(1);

    const refused = [
      await login(body.password),
      await api().client(from).request('POST', '/api/auth/register', { json: { ...body, email: `other.${body.email}` } }),
      await member.request('POST', '/api/auth/refresh'),
      await api().client(from).request('POST', '/api/auth/validate-signup-code', { json: { signupCode: TEST_SIGNUP_CODE } }),
    ];
    expect(refused.map((response) => [response.status, response.json])).toEqual([
      [403, BANNED],
      [403, BANNED],
      [403, BANNED],
      [403, BANNED],
    ]);
    // Only that address is banned.
    expect((await api().client({ localAddress: '127.0.3.2' }).request('POST', '/api/auth/validate-signup-code', { json: { signupCode: TEST_SIGNUP_CODE } })).status).toBe(200);

    await sleepUntil(bannedAt + BAN_MINUTES * 60_000);
    expect((await member.request('POST', '/api/auth/refresh')).status).toBe(200);
    expect((await api().client(from).request('POST', '/api/auth/validate-signup-code', { json: { signupCode: TEST_SIGNUP_CODE } })).status).toBe(200);
  });
});

describe('a banned account', () => {
  it('is refused at login with the right password only, and at refresh without losing its cookie, until the ban ends', async () => {
    await freshWindow();
    const member = api().client({ localAddress: '127.0.4.1' });
    const { body, response } = await registerMember(member);
    const { body: other } = await registerMember(api().client({ localAddress: '127.0.4.2' }));
    const login = (from: string, credentials: { email: string; password: string }) =>
      api().client({ localAddress: from }).request('POST', '/api/auth/login', { json: { email: credentials.email, password: credentials.password } });
    const until = Date.now() + 5_000;
    await putBan({ kind: 'user', id: (response.json as { user: { id: string } }).user.id }, until);

    const right = await login('127.0.4.2', body);
    expect([right.status, right.json]).toEqual([403, BANNED]);
    const wrong = await login('127.0.4.3', { email: body.email, password: 'not-the-password' });
    expect([wrong.status, wrong.json]).toEqual([401, { code: 'INVALID_CREDENTIALS', message: 'Email or password is incorrect.' }]);
    const refresh = await member.request('POST', '/api/auth/refresh');
    expect([refresh.status, refresh.json]).toEqual([403, BANNED]);
    expect(refresh.setCookies).toEqual([]);
    // The ban is the account's alone: another member on the same address signs in.
    expect((await login('127.0.4.2', other)).status).toBe(200);

    // The ban is still in the table (TTL deletes late), but its end has passed.
    await sleepUntil(until);
    expect((await member.request('POST', '/api/auth/refresh')).status).toBe(200);
    expect((await login('127.0.4.4', body)).status).toBe(200);
  });
});

describe('a signed-in member who keeps sending wrong two-factor codes', () => {
  it('is banned with their address: 403 BANNED on the next try and at refresh', async () => {
    await freshWindow();
    const member = api().client({ localAddress: '127.0.5.1' });
    const { token, response } = await registerMember(member);
    const userId = (response.json as { user: { id: string } }).user.id;
    const headers = { authorization: `Bearer ${token}` };
    expect((await member.request('GET', '/api/auth/2fa/enable', { headers })).status).toBe(200);
    const verify = () => member.request('POST', '/api/auth/2fa/verify', { headers, json: { token: '000000' } });

    const statuses = [];
    for (let attempt = 0; attempt < 4; attempt++) statuses.push((await verify()).status);
    expect(statuses).toEqual([400, 400, 429, 429]);
    expect(await listViolations(userId, 'ban')).toHaveLength(1);
    const refused = [await verify(), await member.request('POST', '/api/auth/refresh')];
    expect(refused.map((reply) => [reply.status, reply.json])).toEqual([
      [403, BANNED],
      [403, BANNED],
    ]);
  });
});
