import { describe, expect, it } from 'vitest';
import { dbCalls, registerMember, useApi } from '../api-test-kit.ts';

const api = useApi();

function refreshCookieOf(setCookies: string[]): string {
  const cookie = setCookies.find((value) => value.startsWith('meld_refresh='));
  if (!cookie) throw new Error('no refresh cookie');
  return cookie.split(';')[0]!;
}

describe('POST /api/auth/refresh', () => {
  it('returns a new access token and rotates the refresh cookie', async () => {
    const client = api().client();
    const { response: registered } = await registerMember(client);
    const response = await client.request('POST', '/api/auth/refresh');
    expect(response.status).toBe(200);
    expect((response.json as { token: string }).token).toMatch(/^ey/);
    expect(refreshCookieOf(response.setCookies)).not.toBe(refreshCookieOf(registered.setCookies));
    expect(dbCalls(response)).toBe(5);
  });

  it('exchanges a token rotated away moments ago again (a reload before the new cookie arrived), and rejects an older one', async () => {
    const client = api().client();
    const { response: registered } = await registerMember(client);
    const oldCookie = refreshCookieOf(registered.setCookies);
    expect((await client.request('POST', '/api/auth/refresh')).status).toBe(200);
    // The browser never stored the rotated cookie: it presents the one before, within seconds.
    const again = await api().client().request('POST', '/api/auth/refresh', { headers: { cookie: oldCookie } });
    expect(again.status).toBe(200);
    expect(refreshCookieOf(again.setCookies)).not.toBe(oldCookie);
    // Once the browser uses a token that did arrive, the first one is a replay: the session ends.
    const arrived = await api().client().request('POST', '/api/auth/refresh', { headers: { cookie: refreshCookieOf(again.setCookies) } });
    expect(arrived.status).toBe(200);
    const replay = await api().client().request('POST', '/api/auth/refresh', { headers: { cookie: oldCookie } });
    expect(replay.status).toBe(401);
    expect(replay.json).toMatchObject({ code: 'INVALID_REFRESH_TOKEN' });
    expect(replay.setCookies.some((cookie) => /^meld_refresh=;.*Max-Age=0/.test(cookie))).toBe(true);
  });

  it('answers two refreshes with one cookie at once (a page left mid-refresh, then its reload), and either answer keeps working', async () => {
    const client = api().client();
    const { response: registered } = await registerMember(client);
    const cookie = refreshCookieOf(registered.setCookies);
    const send = () => api().client().request('POST', '/api/auth/refresh', { headers: { cookie } });
    const answers = await Promise.all([send(), send()]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const [one, two] = answers.map((answer) => refreshCookieOf(answer.setCookies));
    expect(one).not.toBe(two);
    // Whichever the browser kept works; using it ends the other.
    const kept = await api().client().request('POST', '/api/auth/refresh', { headers: { cookie: two! } });
    expect(kept.status).toBe(200);
    expect((await api().client().request('POST', '/api/auth/refresh', { headers: { cookie: one! } })).status).toBe(401);
  });

  it('sets a readable session hint with the refresh cookie, and clears both when the token is dead', async () => {
    const client = api().client();
    const { response: registered } = await registerMember(client);
    const hint = registered.setCookies.find((value) => value.startsWith('meld_signed_in='));
    // The hint is for the page to read (no HttpOnly), on every path, and carries no secret.
    expect(hint).toMatch(/^meld_signed_in=1; /);
    expect(hint).toContain('Path=/;');
    expect(hint).not.toContain('HttpOnly');
    expect(registered.setCookies.find((value) => value.startsWith('meld_refresh='))).toContain('HttpOnly');
    const oldCookie = refreshCookieOf(registered.setCookies);
    const refreshed = await client.request('POST', '/api/auth/refresh');
    expect(refreshed.setCookies.some((value) => value.startsWith('meld_signed_in=1;'))).toBe(true);
    expect((await client.request('POST', '/api/auth/refresh')).status).toBe(200);
    const replay = await api().client().request('POST', '/api/auth/refresh', { headers: { cookie: oldCookie } });
    expect(replay.setCookies.some((value) => /^meld_signed_in=;.*Max-Age=0/.test(value))).toBe(true);
  });

  it('answers 401 without a cookie', async () => {
    const response = await api().client().request('POST', '/api/auth/refresh');
    expect(response.status).toBe(401);
  });
});

describe('POST /api/auth/logout', () => {
  it('ends the session so its refresh cookie no longer works, and clears the cookie', async () => {
    const client = api().client();
    const { response: registered } = await registerMember(client);
    const cookie = refreshCookieOf(registered.setCookies);
    const response = await client.request('POST', '/api/auth/logout');
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ message: 'You have been signed out.' });
    expect(response.setCookies.some((value) => /^meld_refresh=;.*Max-Age=0/.test(value))).toBe(true);
    expect(response.setCookies.some((value) => /^meld_signed_in=;.*Max-Age=0/.test(value))).toBe(true);
    const after = await api().client().request('POST', '/api/auth/refresh', { headers: { cookie } });
    expect(after.status).toBe(401);
  });

  it('succeeds for a visitor who is already signed out', async () => {
    expect((await api().client().request('POST', '/api/auth/logout')).status).toBe(200);
  });
});
