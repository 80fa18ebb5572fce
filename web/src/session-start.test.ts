import { SESSION_HINT_COOKIE } from '@meld/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { refreshSession, REFRESH_LOCK, resetApiClientForTests } from '@/lib/api-client.ts';
import { apiRoutes } from '@/lib/api-routes.ts';
import { clearSession, getSession, setSession } from '@/lib/auth-session.ts';
import { callsTo, fail, mockApi } from '@/test/mock-api.ts';
import { testUser } from '@/test/fixtures.ts';

let runs = 0;

/** Runs the document's first script as the page does, at the top of <head>: afresh each time (it imports nothing). */
async function runSessionStart(): Promise<void> {
  // A classic script, not a module: imported by a name the type checker does not resolve.
  const script = `./session-start.ts?run=${++runs}`;
  await import(/* @vite-ignore */ script);
}

function setHint(value: string | null): void {
  document.cookie = value === null ? `${SESSION_HINT_COOKIE}=; max-age=0; path=/` : `${SESSION_HINT_COOKIE}=${value}; path=/`;
}

beforeEach(() => {
  resetApiClientForTests();
  clearSession({ broadcast: false });
});

afterEach(() => {
  setHint(null);
  resetApiClientForTests();
  vi.unstubAllGlobals();
});

describe("the document's first script", () => {
  it('sends the refresh under the tabs\' refresh lock when the hint cookie says a session may exist', async () => {
    setHint('1');
    const fetch = mockApi({ refresh: { token: 'early', user: testUser } });
    const request = vi.fn((name: string, work: () => Promise<Response>) => work());
    vi.stubGlobal('navigator', { ...navigator, locks: { request } });

    await runSessionStart();

    expect(request).toHaveBeenCalledWith(REFRESH_LOCK, expect.any(Function));
    expect(callsTo(fetch, 'refresh')).toHaveLength(1);
    const [url, init] = fetch.mock.calls[0]!;
    expect(new URL(String(url), 'http://localhost').pathname).toBe(apiRoutes.refresh.path);
    expect(init).toMatchObject({ method: apiRoutes.refresh.method, credentials: 'same-origin' });
  });

  it('loads the date data in a task after the refresh has left, and not for a visitor without the hint', async () => {
    // The scripts run by the tests above left their date data tasks on the real clock.
    await new Promise((resolve) => setTimeout(resolve, 0));
    vi.useFakeTimers();
    try {
      const built = vi.spyOn(Intl, 'DateTimeFormat');
      const fetch = mockApi({ refresh: { token: 'early', user: testUser } });
      await runSessionStart();
      vi.runAllTimers();
      expect(built).not.toHaveBeenCalled();

      setHint('1');
      resetApiClientForTests();
      await runSessionStart();
      expect(callsTo(fetch, 'refresh')).toHaveLength(1);
      // Not in the script's own task, which the parser waits for.
      expect(built).not.toHaveBeenCalled();
      vi.runAllTimers();
      expect(built).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it.each([['no hint cookie', null], ['a cleared hint', '0']])('sends nothing with %s', async (_why, hint) => {
    setHint(hint);
    const fetch = mockApi({});

    await runSessionStart();

    expect(fetch).not.toHaveBeenCalled();
    expect(window.meldEarlyRefresh).toBeUndefined();
  });

  it("is the API client's first refresh, and only the first", async () => {
    setHint('1');
    const fetch = mockApi({ refresh: { token: 'early', user: testUser } });
    await runSessionStart();

    await expect(refreshSession()).resolves.toMatchObject({ token: 'early' });
    expect(getSession()).toMatchObject({ status: 'authenticated', user: { id: testUser.id } });
    expect(callsTo(fetch, 'refresh')).toHaveLength(1);

    await refreshSession();
    expect(callsTo(fetch, 'refresh')).toHaveLength(2);
  });

  it('a dead refresh cookie signs the visitor out, as any refresh would', async () => {
    setHint('1');
    const fetch = mockApi({ refresh: fail(401, { code: 'UNAUTHORIZED', message: 'Session expired' }) });
    await runSessionStart();

    await expect(refreshSession()).resolves.toMatchObject({ token: null });
    expect(getSession().status).toBe('anonymous');
    expect(callsTo(fetch, 'refresh')).toHaveLength(1);
  });

  it('a network failure keeps the session to try again, as any refresh would', async () => {
    setHint('1');
    const fetch = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', fetch);
    await runSessionStart();

    const result = await refreshSession();
    expect(result.token).toBeNull();
    expect('networkError' in result && result.networkError?.isNetworkError).toBe(true);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('a refusal that cleared the hint before the app ran is taken then, not left to answer a refresh after the next sign-in', async () => {
    setHint('1');
    let refreshes = 0;
    const fetch = mockApi({ refresh: () => (++refreshes === 1 ? fail(401, { code: 'UNAUTHORIZED', message: 'Session expired' }) : { token: 'fresh', user: testUser }) });
    await runSessionStart();
    // The refusal's answer cleared the hint cookie before main.tsx restored the session.
    setHint(null);
    await expect(refreshSession()).resolves.toMatchObject({ token: null });

    // Signed in again on /login, and later an expired access token is refreshed.
    setSession('signed-in', testUser, { broadcast: false });
    await expect(refreshSession()).resolves.toMatchObject({ token: 'fresh' });
    expect(getSession().status).toBe('authenticated');
    expect(callsTo(fetch, 'refresh')).toHaveLength(2);
  });
});
