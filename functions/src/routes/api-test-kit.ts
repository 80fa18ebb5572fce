import type { RegisterBody } from '@meld/shared';
import { afterAll, beforeAll, onTestFinished } from 'vitest';
import { getAppConfig } from '../config/app-config.ts';
import { moveRequestClock, requestTime, resetRequestClock } from '../http/clock.ts';
import { seed } from '../local/seed.ts';
import { createClient, startTestStack, type ClientOptions } from '../local/test-stack.ts';

export { indexesSettled } from '../local/test-stack.ts';

export const TEST_SIGNUP_CODE = 'PILOT-TEST';

/**
 * The API over real HTTP: local gateway, in-memory dynalite, s3rver; seeded with a pilot code.
 * Responses carry x-meld-db-calls so tests can hold request paths to their call budgets.
 */
export async function startApi(options: { env?: Record<string, string>; config?: object; indexLagMs?: number } = {}) {
  const stack = await startTestStack({
    env: { MELD_EXPOSE_DB_CALLS: '1', MELD_SIGNUP_CODES: TEST_SIGNUP_CODE, ...options.env },
    ...(options.config ? { config: options.config } : {}),
    ...(options.indexLagMs === undefined ? {} : { indexLagMs: options.indexLagMs }),
  });
  await seed(getAppConfig(), process.env);
  return { ...stack, client: (options?: ClientOptions) => createClient(stack.baseUrl, options) };
}

export type Api = Awaited<ReturnType<typeof startApi>>;
export type ApiClient = ReturnType<typeof createClient>;

/** Starts the API once for a test file and stops it after; call the returned function inside tests. */
export function useApi(options: Parameters<typeof startApi>[0] = {}): () => Api {
  let api: Api | undefined;
  beforeAll(async () => {
    api = await startApi(options);
  });
  afterAll(() => api?.stop());
  return () => {
    if (!api) throw new Error('The API is not started yet: use it inside a test or hook');
    return api;
  };
}

/**
 * Limits count in fixed windows aligned to the epoch (decision 0011), so a test's hits must land in
 * one window or the expected refusal never comes. Call before the first counted hit: with under
 * 90 s of the window left on the request clock, moves that clock just past the window's end, and
 * resets it once the test has finished (after afterEach). A window that is a multiple of a shorter
 * one ends only where that one does: pass the shortest window the test counts in.
 */
export function inOneRateWindow(windowMinutes: number): void {
  const windowMs = Math.round(windowMinutes * 60) * 1000;
  const now = requestTime().getTime();
  const windowEnd = (Math.floor(now / windowMs) + 1) * windowMs;
  if (windowEnd - now >= Math.min(90_000, windowMs / 2)) return;
  moveRequestClock(new Date(windowEnd + 1000));
  onTestFinished(() => resetRequestClock());
}

let counter = 0;

/** A complete, valid sign-up; each call gets a fresh e-mail. */
export function newMember(overrides: Partial<RegisterBody> = {}): RegisterBody {
  counter += 1;
  return {
    name: 'Maya Angelou',
    city: 'St. Louis',
    state: 'Missouri',
    birthday: '1990-04-04',
    email: `maya.${Date.now()}.${counter}@example.com`,
    password: 'phenomenal-woman',
    confirm_password: 'phenomenal-woman',
    signup_code: TEST_SIGNUP_CODE,
    whyHere: 'goal,fresh-start',
    lifeArena: 'career,leadership',
    identitySegment: 'creative,Poet and teacher',
    currentBlock: 'doubt',
    ...overrides,
  };
}

export async function registerMember(client: ApiClient, overrides: Partial<RegisterBody> = {}) {
  const body = newMember(overrides);
  const response = await client.request('POST', '/api/auth/register', { json: body });
  if (response.status !== 201) throw new Error(`Registration failed: ${response.status} ${response.text}`);
  return { body, token: (response.json as { token: string }).token, response };
}

export function dbCalls(response: { headers: Headers | Record<string, string> }): number {
  const headers = response.headers;
  const value = headers instanceof Headers ? headers.get('x-meld-db-calls') : headers['x-meld-db-calls'];
  return Number(value);
}

/** The read and write capacity units a request consumed (x-meld-db-capacity: read=<n>;write=<n>). */
export function dbCapacity(response: { headers: Headers | Record<string, string> }): { read: number; write: number } {
  const headers = response.headers;
  const value = (headers instanceof Headers ? headers.get('x-meld-db-capacity') : headers['x-meld-db-capacity']) ?? '';
  const units = Object.fromEntries(value.split(';').map((part) => part.split('=') as [string, string]));
  return { read: Number(units.read), write: Number(units.write) };
}

/** A new member and a way to call the API as them. */
export async function signUp(client: ApiClient) {
  const { body, token, response } = await registerMember(client);
  const userId = (response.json as { user: { id: string } }).user.id;
  const headers = { authorization: `Bearer ${token}` };
  return {
    userId,
    email: body.email,
    password: body.password,
    call: <T = unknown>(method: string, path: string, json?: unknown) => client.request<T>(method, path, { headers, ...(json === undefined ? {} : { json }) }),
  };
}

export type Member = Awaited<ReturnType<typeof signUp>>;
