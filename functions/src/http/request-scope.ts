import { processStorage } from '../runtime/async-storage.ts';

/**
 * Who is calling, for code deep in a request that is not handed the request: the rate limiter
 * charges violations and checks bans with it. The local gateway serves many requests in one
 * process, so it lives in AsyncLocalStorage, one per request; the kit fills it once auth is done.
 */
export interface RequestScope {
  ip?: string;
  /** The signed-in user, on user and admin routes; its ban was read with its session (http/auth.ts). */
  userId?: string;
  /** Set once this request's bans were read, so a route with two limits reads them once. */
  bansChecked?: boolean;
}

const storage = processStorage<RequestScope>('request-scope');

/** Runs `fn` in a scope of its own; a streaming handler starts it with the caller the kit found. */
export function withRequestScope<T>(fn: () => Promise<T>, initial: RequestScope = {}): Promise<T> {
  return storage.run({ ...initial }, fn);
}

/** This request's scope; undefined outside the handler kit (unit tests, scripts). */
export function requestScope(): RequestScope | undefined {
  return storage.getStore();
}
