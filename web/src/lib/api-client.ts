import { SESSION_HINT_COOKIE, type RouteBody, type RouteName, type RouteResponse } from '@meld/shared';
import { ApiError } from './api-error.ts';
import { apiRoutes, isAuthPath } from './api-routes.ts';
import { clearSession, getAccessToken, setSession } from './auth-session.ts';
import { readCookie } from './cookies.ts';
import { browserTimeZone, resetTimeZoneForTests } from './date-format.ts';
import { takeEarlyRefresh } from './early-refresh.ts';

/**
 * A typed fetch wrapper over the route table. On a 401 it refreshes the access token once,
 * holds concurrent requests until that refresh settles, and retries them (spec 000 section 4).
 * Auth routes are never refreshed or retried. Toasts are not raised here: the query cache does it.
 */

type QueryValue = string | number | boolean | null | undefined;

interface BaseOptions {
  params?: Record<string, string>;
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /** A multipart body for routes without a JSON schema (file uploads); the browser sets the boundary. */
  form?: FormData;
}

export type RequestOptions<N extends RouteName> = BaseOptions &
  (RouteBody<N> extends undefined ? { body?: undefined } : { body: RouteBody<N> });

type Args<N extends RouteName> = RouteBody<N> extends undefined ? [options?: RequestOptions<N>] : [options: RequestOptions<N>];

type RefreshResult = { token: string } | { token: null; networkError: ApiError | null };

let refreshing: Promise<RefreshResult> | null = null;
let onSessionExpired: () => void = () => window.location.assign('/login');

/** The app plugs in its router so an expired session navigates without a full reload. */
export function setSessionExpiredHandler(handler: () => void): void {
  onSessionExpired = handler;
}

function buildUrl(path: string, params: Record<string, string> = {}, query: Record<string, QueryValue> = {}): string {
  const filled = path.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`Missing path parameter ${key} for ${path}`);
    return encodeURIComponent(value);
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const qs = search.toString();
  return qs ? `${filled}?${qs}` : filled;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

async function send(name: RouteName, options: BaseOptions & { body?: unknown }, token: string | null): Promise<unknown> {
  const route = apiRoutes[name];
  // The server keeps the browser's zone on the profile: it decides "today", "after 3 PM" and streaks.
  const headers: Record<string, string> = { Accept: 'application/json', 'x-meld-time-zone': browserTimeZone() };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  // Public auth routes (login, refresh…) never carry a bearer; the signed-in two-factor setup routes do.
  if (token && (!isAuthPath(route.path) || route.auth !== 'public')) headers.Authorization = `Bearer ${token}`;

  const sent = fetch(buildUrl(route.path, options.params, options.query), {
    method: route.method,
    headers,
    body: options.form ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
    credentials: 'same-origin',
    signal: options.signal,
  });
  return receive(sent, options.signal);
}

/** A request's answer: its JSON, or an ApiError (status 0 when the network failed). */
async function receive(sent: Promise<Response>, signal?: AbortSignal): Promise<unknown> {
  let response: Response;
  try {
    response = await sent;
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, {}, 'Network request failed');
  }

  const payload = await readJson(response);
  if (!response.ok) {
    const body = payload && typeof payload === 'object' ? (payload as Record<string, unknown>) : {};
    throw new ApiError(response.status, body, response.statusText || `Request failed with status ${response.status}`);
  }
  return payload;
}

/**
 * Whether a refresh could succeed. The server sets a readable hint cookie beside the HttpOnly
 * refresh cookie and clears both together (decision 0044); a page holding no token and no hint is
 * signed out, and asking would only log a 401 on every signed-out visit.
 */
export function mayHoldSession(): boolean {
  return getAccessToken() !== null || readCookie(SESSION_HINT_COOKIE) === '1';
}

/** The Web Lock tabs refresh under; session-start.ts writes it out too (its test checks they agree). */
export const REFRESH_LOCK = 'meld-refresh';

/**
 * Tabs refresh one at a time (a Web Lock across the origin's tabs), so each sends the cookie the
 * last answer set. Two tabs sending one cookie at once got one of them refused, and answers landing
 * out of order could leave the browser holding the older token (decision 0011, rotation grace).
 */
function oneTabAtATime<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request(REFRESH_LOCK, work) : work();
}

async function runRefresh(): Promise<RefreshResult> {
  // The page's first refresh was sent by its first script (session-start.ts), before this code had
  // loaded. Taken before the hint is read: a refused one cleared the hint, and left here it would be
  // the answer to a refresh much later, after the member had signed in again.
  const early = takeEarlyRefresh();
  if (!early && !mayHoldSession()) {
    clearSession();
    return { token: null, networkError: null };
  }
  try {
    const data = (await (early ? receive(early) : oneTabAtATime(() => send('refresh', {}, null)))) as RouteResponse<'refresh'> | undefined;
    if (data?.token) {
      setSession(data.token, data.user);
      return { token: data.token };
    }
    clearSession();
    return { token: null, networkError: null };
  } catch (error) {
    // Offline is not the same as signed out: keep the session and surface the network error.
    if (error instanceof ApiError && error.isNetworkError) return { token: null, networkError: error };
    clearSession();
    return { token: null, networkError: null };
  }
}

/** Refreshes the access token from the refresh cookie; concurrent callers share one call. */
export function refreshSession(): Promise<RefreshResult> {
  refreshing ??= runRefresh().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

function expireSession(): void {
  // Shared conversations are public: a failed refresh there must not bounce the reader.
  if (window.location.pathname.startsWith('/share/')) return;
  onSessionExpired();
}

export async function apiRequest<N extends RouteName>(name: N, ...args: Args<N>): Promise<RouteResponse<N>> {
  const options = (args[0] ?? {}) as BaseOptions & { body?: unknown };
  const authRoute = isAuthPath(apiRoutes[name].path);

  if (authRoute) return (await send(name, options, getAccessToken())) as RouteResponse<N>;

  // Requests made while a refresh is running wait for its token instead of failing with 401.
  if (refreshing) await refreshing;
  const sentWith = getAccessToken();
  try {
    return (await send(name, options, sentWith)) as RouteResponse<N>;
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401) throw error;
    // A signed-out visitor reading a public route has no session to refresh or expire.
    if (!sentWith && apiRoutes[name].auth === 'public') throw error;
    const current = getAccessToken();
    // Another request already refreshed while this one was in flight: just retry with the new token.
    const token = current && current !== sentWith ? current : (await refreshSession()).token;
    if (!token) {
      if (getAccessToken() === null) expireSession();
      throw error;
    }
    return (await send(name, options, token)) as RouteResponse<N>;
  }
}

/** Test helper: forget any refresh in flight and restore the default expiry handler. */
export function resetApiClientForTests(): void {
  refreshing = null;
  takeEarlyRefresh();
  // A test's fake clock may have read the zone "in the future": the next file starts with none read.
  resetTimeZoneForTests();
  onSessionExpired = () => window.location.assign('/login');
}
