import { describe, expect, it, vi } from 'vitest';
import { callsTo, fail, held, mockApi, type MockRequest } from '@/test/mock-api.ts';
import { testUser } from '@/test/fixtures.ts';
import { apiRequest, refreshSession, setSessionExpiredHandler } from './api-client.ts';
import { ApiError } from './api-error.ts';
import { getSession, setSession } from './auth-session.ts';

const unauthorized = () => fail(401, { code: 'UNAUTHORIZED', message: 'Token expired' });

/** GET /api/user answers 401 to the stale token and 200 to the refreshed one. */
function userRouteAcceptingOnly(token: string) {
  return ({ init }: MockRequest) => {
    const auth = new Headers(init.headers).get('Authorization');
    return auth === `Bearer ${token}` ? testUser : unauthorized();
  };
}

describe('apiRequest', () => {
  it('sends the bearer token and returns the parsed body', async () => {
    setSession('t1', testUser, { broadcast: false });
    const fetch = mockApi({ getUser: userRouteAcceptingOnly('t1') });
    await expect(apiRequest('getUser')).resolves.toEqual(testUser);
    expect(new Headers(callsTo(fetch, 'getUser')[0]!.headers).get('Authorization')).toBe('Bearer t1');
  });

  it("sends the browser's IANA time zone on every request, read at most once a minute", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const zone = vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({ timeZone: 'Europe/Lisbon' } as Intl.ResolvedDateTimeFormatOptions);
    const fetch = mockApi({ getUser: testUser, login: { token: 't2', user: testUser } });
    const sentZones = () => callsTo(fetch, 'getUser').map((call) => new Headers(call.headers).get('x-meld-time-zone'));
    try {
      vi.advanceTimersByTime(61_000);
      await apiRequest('getUser');
      await apiRequest('login', { body: {} as never });
      expect(new Headers(callsTo(fetch, 'login')[0]!.headers).get('x-meld-time-zone')).toBe('Europe/Lisbon');
      // The member crosses into another zone with the tab open: seen within a minute, not on every request.
      zone.mockReturnValue({ timeZone: 'Asia/Tokyo' } as Intl.ResolvedDateTimeFormatOptions);
      await apiRequest('getUser');
      vi.advanceTimersByTime(61_000);
      await apiRequest('getUser');
      expect(sentZones()).toEqual(['Europe/Lisbon', 'Europe/Lisbon', 'Asia/Tokyo']);
    } finally {
      zone.mockRestore();
      vi.useRealTimers();
    }
  });

  it('reads the zone from Temporal where the browser has it, without building a date formatter', async () => {
    const resolved = vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions');
    vi.stubGlobal('Temporal', { Now: { timeZoneId: () => 'America/Bogota' } });
    const fetch = mockApi({ getUser: testUser });
    try {
      await apiRequest('getUser');
      expect(new Headers(callsTo(fetch, 'getUser')[0]!.headers).get('x-meld-time-zone')).toBe('America/Bogota');
      expect(resolved).not.toHaveBeenCalled();
    } finally {
      resolved.mockRestore();
      vi.unstubAllGlobals();
    }
  });

  it('throws an ApiError carrying status, code, message and field', async () => {
    mockApi({ register: fail(409, { code: 'EMAIL_TAKEN', message: 'An account with this email already exists.', field: 'email' }) });
    const error = await apiRequest('register', { body: {} as never }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, code: 'EMAIL_TAKEN', message: 'An account with this email already exists.', field: 'email' });
  });

  it('reports a network failure as status 0', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const error = await apiRequest('getConfig').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, isNetworkError: true });
  });

  it('refreshes once for two concurrent 401s and retries both with the new token', async () => {
    setSession('stale', testUser, { broadcast: false });
    const refreshGate = held<'refresh'>();
    const fetch = mockApi({
      getUser: userRouteAcceptingOnly('fresh'),
      refresh: refreshGate.handler,
    });

    const first = apiRequest('getUser');
    const second = apiRequest('getUser');
    await vi.waitFor(() => expect(callsTo(fetch, 'refresh')).toHaveLength(1));
    refreshGate.answer({ token: 'fresh', user: testUser });

    await expect(Promise.all([first, second])).resolves.toEqual([testUser, testUser]);
    expect(callsTo(fetch, 'refresh')).toHaveLength(1);
    expect(callsTo(fetch, 'getUser')).toHaveLength(4);
    expect(getSession().token).toBe('fresh');
  });

  it('holds requests made during a refresh until the new token arrives', async () => {
    setSession('stale', testUser, { broadcast: false });
    const refreshGate = held<'refresh'>();
    const fetch = mockApi({
      getUser: userRouteAcceptingOnly('fresh'),
      refresh: refreshGate.handler,
    });

    const refreshing = refreshSession();
    const queued = apiRequest('getUser');
    await Promise.resolve();
    expect(callsTo(fetch, 'getUser')).toHaveLength(0);
    refreshGate.answer({ token: 'fresh', user: testUser });
    await refreshing;
    await expect(queued).resolves.toEqual(testUser);
    expect(callsTo(fetch, 'getUser')).toHaveLength(1);
  });

  it('never refreshes or retries auth routes', async () => {
    const fetch = mockApi({
      login: fail(401, { code: 'INVALID_CREDENTIALS', message: 'Email or password is incorrect.' }),
      logout: unauthorized(),
      refresh: { token: 'fresh', user: testUser },
    });
    await expect(apiRequest('login', { body: { email: 'a@b.co', password: 'password1' } })).rejects.toMatchObject({ status: 401 });
    await expect(apiRequest('logout')).rejects.toMatchObject({ status: 401 });
    expect(callsTo(fetch, 'login')).toHaveLength(1);
    expect(callsTo(fetch, 'logout')).toHaveLength(1);
    expect(callsTo(fetch, 'refresh')).toHaveLength(0);
  });

  it('clears the session and goes to /login when the refresh yields no token', async () => {
    setSession('stale', testUser, { broadcast: false });
    const expired = vi.fn();
    setSessionExpiredHandler(expired);
    mockApi({ getUser: unauthorized(), refresh: fail(401, { code: 'INVALID_REFRESH_TOKEN', message: 'No session' }) });

    await expect(apiRequest('getUser')).rejects.toMatchObject({ status: 401 });
    expect(expired).toHaveBeenCalledTimes(1);
    expect(getSession()).toMatchObject({ status: 'anonymous', token: null });
  });

  it('does not leave a shared conversation page when the refresh fails', async () => {
    window.history.pushState({}, '', '/share/abc123');
    const expired = vi.fn();
    setSessionExpiredHandler(expired);
    mockApi({ getUser: unauthorized(), refresh: fail(401, { code: 'INVALID_REFRESH_TOKEN', message: 'No session' }) });

    await expect(apiRequest('getUser')).rejects.toMatchObject({ status: 401 });
    expect(expired).not.toHaveBeenCalled();
    window.history.pushState({}, '', '/');
  });

  it('keeps the session when the refresh fails only because the network is down', async () => {
    setSession('stale', testUser, { broadcast: false });
    const expired = vi.fn();
    setSessionExpiredHandler(expired);
    mockApi({
      getUser: unauthorized(),
      refresh: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await expect(apiRequest('getUser')).rejects.toMatchObject({ status: 401 });
    expect(expired).not.toHaveBeenCalled();
    expect(getSession().status).toBe('authenticated');
  });

  it('does not refresh or redirect a signed-out visitor whose public request gets a 401', async () => {
    const expired = vi.fn();
    setSessionExpiredHandler(expired);
    const fetch = mockApi({ getConfig: unauthorized(), refresh: { token: 'fresh', user: testUser } });
    await expect(apiRequest('getConfig')).rejects.toMatchObject({ status: 401 });
    expect(callsTo(fetch, 'refresh')).toHaveLength(0);
    expect(expired).not.toHaveBeenCalled();
  });

  it('does not ask for a refresh on a signed-out visit, where no sign-in left its hint cookie', async () => {
    const fetch = mockApi({ refresh: { token: 'fresh', user: testUser } });
    await expect(refreshSession()).resolves.toEqual({ token: null, networkError: null });
    expect(callsTo(fetch, 'refresh')).toHaveLength(0);
    expect(getSession().status).toBe('anonymous');
  });

  it('asks for a refresh when the server left its hint beside the refresh cookie', async () => {
    document.cookie = 'meld_signed_in=1; Path=/';
    const fetch = mockApi({ refresh: { token: 'fresh', user: testUser } });
    await expect(refreshSession()).resolves.toEqual({ token: 'fresh' });
    expect(callsTo(fetch, 'refresh')).toHaveLength(1);
    expect(getSession()).toMatchObject({ status: 'authenticated', token: 'fresh' });
  });

  it('refreshes one tab at a time, under a lock every tab of the app shares', async () => {
    document.cookie = 'meld_signed_in=1; Path=/';
    const fetch = mockApi({ refresh: { token: 'fresh', user: testUser } });
    const locked: string[] = [];
    const request = vi.fn(async (name: string, work: () => Promise<unknown>) => {
      locked.push(name);
      // The refresh is sent only once the lock is granted.
      expect(callsTo(fetch, 'refresh')).toHaveLength(0);
      return work();
    });
    vi.stubGlobal('navigator', { ...navigator, locks: { request } });
    try {
      await expect(refreshSession()).resolves.toEqual({ token: 'fresh' });
    } finally {
      vi.unstubAllGlobals();
    }
    expect(locked).toEqual(['meld-refresh']);
    expect(callsTo(fetch, 'refresh')).toHaveLength(1);
  });
});
