import { createHash } from 'node:crypto';
import { STREAM_AUTH_HEADER, type RouteDef, type RouteName } from '@meld/shared';
import { registerMember, type Api, type ApiClient } from '../../api-test-kit.ts';
import { invitedMentor, signUpAdmin } from '../../mentor-interview/interview-test-kit.ts';

/**
 * The authorisation matrix: for every route of the route table, one entry saying how to make a
 * valid request to it and which status each of five callers must get with that same request.
 * Area files each export `<area>Entries: MatrixEntries`, by the route's handler folder: account.ts
 * (auth, user, oauth, keys, roles, config, system, balance, interactions, views), chat.ts (convos,
 * messages, tags, share, presets, ask, search, endpoints, assistants, tokenizer), files.ts (files,
 * speech), programme.ts, agents.ts, and admin.ts (every auth 'admin' route).
 * authorisation-matrix.test.ts merges them and fails when a route has no entry or two.
 */

/** Who calls. `mentorToken` sends an invited mentor's interview token as a bearer token. */
export type Principal = 'anonymous' | 'owner' | 'otherUser' | 'mentorToken' | 'admin';
export const PRINCIPALS: readonly Principal[] = ['anonymous', 'owner', 'otherUser', 'mentorToken', 'admin'];

export interface Account {
  token: string;
  userId: string;
  email: string;
}

export interface MatrixWorld {
  /** A client for setup calls; the runner makes each matrix call from a fresh client (no cookies). */
  client: ApiClient;
  newClient: () => ApiClient;
  /** User A (role USER): entries create their objects for them and use their ids. */
  owner: Account;
  /** User B (role USER), calling with A's ids. */
  otherUser: Account;
  /** An invited mentor's 64-character interview token (auth level 'mentor-token' takes it in the path). */
  mentorToken: string;
  /** The mentor sign-up that token belongs to. */
  mentorInterestId: string;
  /** An ADMIN, a user of their own (not A), signed in after the promotion so their token says ADMIN. */
  admin: Account;
  /** A new member of their own (role USER), for entries that need a throwaway account. */
  newMember: () => Promise<Account>;
  /** A setup call as one of the accounts; throws unless it answers 2xx, so a broken setup is not mistaken for a refusal. */
  setup: <T = unknown>(as: 'owner' | 'otherUser' | 'admin', method: string, path: string, json?: unknown) => Promise<T>;
}

export interface MatrixRequest {
  /** The concrete path, with real ids (use buildPath from @meld/shared). */
  path: string;
  query?: Record<string, string>;
  /** Sent as JSON. */
  json?: unknown;
  /** A raw body (multipart, say) with its content-type in `headers`. */
  body?: string | Uint8Array;
  /** Extra headers; the runner adds the principal's token (and the body hash on streaming routes). */
  headers?: Record<string, string>;
  /** Calls as this account instead of world.owner: for routes that use the account up or change how it signs in (deletion, two-factor). */
  owner?: Account;
}

export type Expected = number | readonly number[];

export interface MatrixEntry {
  /** Creates what the route needs (owned by `owner`, or by the admin or a mentor for their routes) and returns a valid request with those ids. */
  request: (world: MatrixWorld) => Promise<MatrixRequest>;
  /**
   * The status each principal must get. Principals expecting no 2xx are called first, with the same
   * request, then the others, the owner last, so a destructive call by an intruder would be noticed.
   */
  expect: Record<Principal, Expected>;
  /** Build a new request for each principal: for routes whose success uses the request up (a sign-up, a one-time code). */
  fresh?: boolean;
  /**
   * For routes that answer every user 2xx because they skip what is not the caller's (a batch of ids):
   * whether A's object is as the entry made it, checked after the other callers, before the owner's call.
   */
  intact?: (world: MatrixWorld, request: MatrixRequest) => Promise<boolean>;
}

export type MatrixEntries = Partial<Record<RouteName, MatrixEntry>>;

/** A's own object, reached by its id: B and the admin (another user) find nothing. */
export const ownedByUser = (ok = 200): Record<Principal, Expected> => ({ anonymous: 401, owner: ok, otherUser: 404, mentorToken: 401, admin: 404 });
/** A signed-in route on the caller's own data (a list, a setting): every user gets their own answer. */
export const anyUser = (ok = 200): Record<Principal, Expected> => ({ anonymous: 401, owner: ok, otherUser: ok, mentorToken: 401, admin: ok });
/** An admin route: members are refused, not-signed-in callers (a mentor token is no session) are asked to sign in. */
export const adminOnly = (ok = 200): Record<Principal, Expected> => ({ anonymous: 401, owner: 403, otherUser: 403, mentorToken: 401, admin: ok });
/** A public route (a mentor-token route has its token in the path): everybody gets the same answer. */
export const publicRoute = (status: Expected = 200): Record<Principal, Expected> => ({ anonymous: status, owner: status, otherUser: status, mentorToken: status, admin: status });

/** Signs up A, B and an admin, and has the admin invite a mentor. */
export async function buildWorld(api: Api): Promise<MatrixWorld> {
  const client = api.client();
  const member = async (): Promise<Account> => {
    const { token, response, body } = await registerMember(client);
    return { token, userId: (response.json as { user: { id: string } }).user.id, email: body.email };
  };
  const [owner, otherUser] = [await member(), await member()];
  const admin = await signUpAdmin(client);
  const mentor = await invitedMentor(client, admin);
  const signedIn = await api.client().request<{ token: string }>('POST', '/api/auth/login', { json: { email: admin.email, password: admin.password } });
  if (signedIn.status !== 200) throw new Error(`The admin's sign-in failed: ${signedIn.status} ${signedIn.text}`);
  const accounts = { owner, otherUser, admin: { token: signedIn.json.token, userId: admin.userId, email: admin.email } };
  const setup = async <T>(as: keyof typeof accounts, method: string, path: string, json?: unknown): Promise<T> => {
    const response = await api.client().request<T>(method, path, { headers: { authorization: `Bearer ${accounts[as].token}` }, ...(json === undefined ? {} : { json }) });
    if (response.status < 200 || response.status >= 300) throw new Error(`Setup ${method} ${path} as ${as} failed: ${response.status} ${response.text.slice(0, 300)}`);
    return response.json;
  };
  return { client, newClient: () => api.client(), ...accounts, newMember: member, mentorToken: mentor.token, mentorInterestId: mentor.id, setup };
}

function tokenOf(world: MatrixWorld, request: MatrixRequest, principal: Principal): string | undefined {
  if (principal === 'anonymous') return undefined;
  if (principal === 'mentorToken') return world.mentorToken;
  if (principal === 'owner' && request.owner) return request.owner.token;
  return world[principal].token;
}

const isSuccess = (expected: Expected) => (typeof expected === 'number' ? [expected] : expected).some((status) => status >= 200 && status < 300);
const matches = (expected: Expected, status: number) => (typeof expected === 'number' ? expected === status : expected.includes(status));

/** One call of the matrix, as `principal`, from a fresh client. */
export async function callAs(world: MatrixWorld, route: Pick<RouteDef, 'method' | 'streaming'>, request: MatrixRequest, principal: Principal) {
  const token = tokenOf(world, request, principal);
  const body = request.json === undefined ? request.body : JSON.stringify(request.json);
  const headers: Record<string, string> = { ...(request.json === undefined ? {} : { 'content-type': 'application/json' }), ...request.headers };
  // Streaming routes sit behind CloudFront OAC: it owns Authorization and signs the body's SHA-256.
  if (token) headers[route.streaming ? STREAM_AUTH_HEADER : 'authorization'] = `Bearer ${token}`;
  if (route.streaming && body !== undefined) headers['x-amz-content-sha256'] = createHash('sha256').update(body).digest('hex');
  const query = request.query ? `?${new URLSearchParams(request.query).toString()}` : '';
  return world.newClient().request(route.method, `${request.path}${query}`, { headers, ...(body === undefined ? {} : { body }) });
}

export interface Mismatch {
  principal: Principal;
  expected: Expected;
  status: number;
  body: string;
}

/** Runs one entry: refused principals first, then those expected to succeed, the owner last. Returns what differed. */
export async function runEntry(world: MatrixWorld, route: Pick<RouteDef, 'method' | 'streaming'>, entry: MatrixEntry): Promise<Mismatch[]> {
  const shared = entry.fresh ? undefined : await entry.request(world);
  const refused = PRINCIPALS.filter((who) => !isSuccess(entry.expect[who]));
  const served = PRINCIPALS.filter((who) => isSuccess(entry.expect[who]) && who !== 'owner');
  // The owner last: what an intruder's call did to A's objects is in front of the owner's own call.
  const order = [...refused, ...served, ...(refused.includes('owner') ? [] : ['owner' as const])];
  const mismatches: Mismatch[] = [];
  for (const principal of order) {
    if (principal === 'owner' && shared && entry.intact && !(await entry.intact(world, shared))) {
      mismatches.push({ principal, expected: entry.expect.owner, status: 0, body: 'another caller changed A’s object' });
    }
    const response = await callAs(world, route, shared ?? (await entry.request(world)), principal);
    const expected = entry.expect[principal];
    if (!matches(expected, response.status)) mismatches.push({ principal, expected, status: response.status, body: response.text.slice(0, 200) });
  }
  return mismatches;
}
