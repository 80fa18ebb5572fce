import { describe, expect, it, onTestFinished } from 'vitest';
import { moveRequestClock, requestTime, resetRequestClock } from '../../http/clock.ts';
import { listIpViolations, listViolations } from '../../store/violation-store.ts';
import { dbCalls, inOneRateWindow, registerMember, useApi } from '../api-test-kit.ts';

const api = useApi({
  config: {
    rateLimits: { login: { max: 3, windowMinutes: 5 }, loginPerAccount: { max: 3, windowMinutes: 5 }, loginPerEmail: { max: 6, windowMinutes: 5 } },
    ban: { threshold: 2, windowMinutes: 60, durationMinutes: 30 },
  },
});

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
    // startSession's second read of the profile is the ninth (a reset or ban while signing in).
    expect(dbCalls(response)).toBe(9);
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

  it('rate-limits one account guessed from many addresses, past what one address may try, charging nobody', async () => {
    inOneRateWindow(5);
    const { body } = await registerMember(api().client());
    const statuses: number[] = [];
    let last;
    for (let attempt = 0; attempt < 7; attempt++) {
      const client = api().client({ localAddress: `127.0.1.${attempt + 1}` });
      last = await client.request('POST', '/api/auth/login', { json: { email: body.email, password: 'guess-number-' + attempt } });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429]);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(last!.json).toMatchObject({ code: 'RATE_LIMITED' });
    // The refused caller may be the owner: the account's window is nobody's violation.
    expect(await listIpViolations('127.0.1.7')).toEqual([]);
  });

  it('never locks the owner out from another address, nor gets them banned, however often one address guesses (targeted lockout)', async () => {
    // The ban's hour-long window ends at a five-minute window's end too.
    inOneRateWindow(5);
    const { body, response } = await registerMember(api().client());
    const userId = (response.json as { user: { id: string } }).user.id;
    const attacker = api().client({ localAddress: '127.0.7.1' });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 10; attempt++) {
      statuses.push((await attacker.request('POST', '/api/auth/login', { json: { email: body.email, password: `guess-number-${attempt}` } })).status);
    }
    // Three guesses, two refusals (the attacker's address is then banned), then 403 BANNED.
    expect(statuses).toEqual([401, 401, 401, 429, 429, 403, 403, 403, 403, 403]);

    const owner = await api().client({ localAddress: '127.0.7.2' }).request('POST', '/api/auth/login', { json: { email: body.email, password: body.password } });
    expect(owner.status).toBe(200);
    expect(await listViolations(userId)).toEqual([]);
    expect(await listIpViolations('127.0.7.2')).toEqual([]);
    expect((await listIpViolations('127.0.7.1', 'ban')).length).toBe(1);
  });

  it('rate-limits one address trying many accounts', async () => {
    inOneRateWindow(5);
    const client = api().client({ localAddress: '127.0.2.1' });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt++) {
      const response = await client.request('POST', '/api/auth/login', { json: { email: `someone.${attempt}@example.com`, password: 'guess-number-1' } });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it('counts a sequence begun 2 s before a window ends in one window, once inOneRateWindow moved the clock past that end', async () => {
    onTestFinished(() => resetRequestClock());
    const { body } = await registerMember(api().client());
    const windowMs = 5 * 60_000;
    moveRequestClock(new Date((Math.floor(requestTime().getTime() / windowMs) + 1) * windowMs - 2_000));
    inOneRateWindow(5);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 7; attempt++) {
      const client = api().client({ localAddress: `127.0.12.${attempt + 1}` });
      statuses.push((await client.request('POST', '/api/auth/login', { json: { email: body.email, password: `guess-number-${attempt}` } })).status);
      // A slow run: 10 s between guesses, a minute in all, which would cross the window's end.
      moveRequestClock(new Date(requestTime().getTime() + 10_000));
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429]);
  });
});
