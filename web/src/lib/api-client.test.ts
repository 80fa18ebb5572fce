import { describe, expect, it, vi } from 'vitest';
import { callsTo, json, mockFetch } from '@/test/fetch-mock.ts';
import { testUser } from '@/test/fixtures.ts';
import { apiRequest, refreshSession, setSessionExpiredHandler } from './api-client.ts';
import { ApiError } from './api-error.ts';
import { getSession, setSession } from './auth-session.ts';

const unauthorized = () => json({ code: 'UNAUTHORIZED', message: 'Token expired' }, 401);

/** GET /api/user answers 401 to the stale token and 200 to the refreshed one. */
function userRouteAcceptingOnly(token: string) {
  return (_url: string, init: RequestInit) => {
    const auth = new Headers(init.headers).get('Authorization');
    return auth === `Bearer ${token}` ? json(testUser) : unauthorized();
  };
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('apiRequest', () => {
  it('sends the bearer token and returns the parsed body', async () => {
    setSession('t1', testUser, { broadcast: false });
    const fetch = mockFetch({ 'GET /api/user': userRouteAcceptingOnly('t1') });
    await expect(apiRequest('getUser')).resolves.toEqual(testUser);
    expect(new Headers(callsTo(fetch, 'GET /api/user')[0]!.headers).get('Authorization')).toBe('Bearer t1');
  });

  it("sends the browser's IANA time zone on every request", async () => {
    const zone = vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({ timeZone: 'Europe/Lisbon' } as Intl.ResolvedDateTimeFormatOptions);
    const fetch = mockFetch({ 'GET /api/user': json(testUser), 'POST /api/auth/login': json({}) });
    await apiRequest('getUser');
    await apiRequest('login', { body: {} as never });
    zone.mockRestore();
    expect(new Headers(callsTo(fetch, 'GET /api/user')[0]!.headers).get('x-meld-time-zone')).toBe('Europe/Lisbon');
    expect(new Headers(callsTo(fetch, 'POST /api/auth/login')[0]!.headers).get('x-meld-time-zone')).toBe('Europe/Lisbon');
  });

  it('throws an ApiError carrying status, code, message and field', async () => {
    mockFetch({ 'POST /api/auth/register': json({ code: 'EMAIL_TAKEN', message: 'An account with this email already exists.', field: 'email' }, 409) });
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
    const refreshGate = deferred<Response>();
    const fetch = mockFetch({
      'GET /api/user': userRouteAcceptingOnly('fresh'),
      'POST /api/auth/refresh': () => refreshGate.promise,
    });

    const first = apiRequest('getUser');
    const second = apiRequest('getUser');
    await vi.waitFor(() => expect(callsTo(fetch, 'POST /api/auth/refresh')).toHaveLength(1));
    refreshGate.resolve(json({ token: 'fresh', user: testUser }));

    await expect(Promise.all([first, second])).resolves.toEqual([testUser, testUser]);
    expect(callsTo(fetch, 'POST /api/auth/refresh')).toHaveLength(1);
    expect(callsTo(fetch, 'GET /api/user')).toHaveLength(4);
    expect(getSession().token).toBe('fresh');
  });

  it('holds requests made during a refresh until the new token arrives', async () => {
    setSession('stale', testUser, { broadcast: false });
    const refreshGate = deferred<Response>();
    const fetch = mockFetch({
      'GET /api/user': userRouteAcceptingOnly('fresh'),
      'POST /api/auth/refresh': () => refreshGate.promise,
    });

    const refreshing = refreshSession();
    const queued = apiRequest('getUser');
    await Promise.resolve();
    expect(callsTo(fetch, 'GET /api/user')).toHaveLength(0);
    refreshGate.resolve(json({ token: 'fresh', user: testUser }));
    await refreshing;
    await expect(queued).resolves.toEqual(testUser);
    expect(callsTo(fetch, 'GET /api/user')).toHaveLength(1);
  });

  it('never refreshes or retries auth routes', async () => {
    const fetch = mockFetch({
      'POST /api/auth/login': json({ code: 'INVALID_CREDENTIALS', message: 'Email or password is incorrect.' }, 401),
      'POST /api/auth/logout': unauthorized(),
      'POST /api/auth/refresh': json({ token: 'fresh', user: testUser }),
    });
    await expect(apiRequest('login', { body: { email: 'a@b.co', password: 'password1' } })).rejects.toMatchObject({ status: 401 });
    await expect(apiRequest('logout')).rejects.toMatchObject({ status: 401 });
    expect(callsTo(fetch, 'POST /api/auth/login')).toHaveLength(1);
    expect(callsTo(fetch, 'POST /api/auth/logout')).toHaveLength(1);
    expect(callsTo(fetch, 'POST /api/auth/refresh')).toHaveLength(0);
  });

  it('clears the session and goes to /login when the refresh yields no token', async () => {
    setSession('stale', testUser, { broadcast: false });
    const expired = vi.fn();
    setSessionExpiredHandler(expired);
    mockFetch({ 'GET /api/user': unauthorized(), 'POST /api/auth/refresh': json({ code: 'INVALID_REFRESH_TOKEN', message: 'No session' }, 401) });

    await expect(apiRequest('getUser')).rejects.toMatchObject({ status: 401 });
    expect(expired).toHaveBeenCalledTimes(1);
    expect(getSession()).toMatchObject({ status: 'anonymous', token: null });
  });

  it('does not leave a shared conversation page when the refresh fails', async () => {
    window.history.pushState({}, '', '/share/abc123');
    const expired = vi.fn();
    setSessionExpiredHandler(expired);
    mockFetch({ 'GET /api/user': unauthorized(), 'POST /api/auth/refresh': json({ code: 'INVALID_REFRESH_TOKEN', message: 'No session' }, 401) });

    await expect(apiRequest('getUser')).rejects.toMatchObject({ status: 401 });
    expect(expired).not.toHaveBeenCalled();
    window.history.pushState({}, '', '/');
  });

  it('keeps the session when the refresh fails only because the network is down', async () => {
    setSession('stale', testUser, { broadcast: false });
    const expired = vi.fn();
    setSessionExpiredHandler(expired);
    mockFetch({
      'GET /api/user': unauthorized(),
      'POST /api/auth/refresh': () => {
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
    const fetch = mockFetch({ 'GET /api/config': unauthorized(), 'POST /api/auth/refresh': json({ token: 'fresh', user: testUser }) });
    await expect(apiRequest('getConfig')).rejects.toMatchObject({ status: 401 });
    expect(callsTo(fetch, 'POST /api/auth/refresh')).toHaveLength(0);
    expect(expired).not.toHaveBeenCalled();
  });
});
