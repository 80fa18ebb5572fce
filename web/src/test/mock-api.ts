import { CHAT_ERROR_TYPES, chatErrorInfoSchema, ERROR_CODES, matchPath, routeList, routes, type RouteName, type RouteResponse } from '@meld/shared';
import { vi } from 'vitest';
import * as z from 'zod';
import { recordMockDrift } from './mock-drift.ts';

/**
 * A typed stand-in for the API: `mockApi({ getConvo: convo, login: fail(401, …) })` replaces global
 * fetch with a router keyed by route name. A request is matched to its route as the local gateway
 * does (method, then the first path template that fits), so a test names routes, never paths.
 * Every JSON body is parsed with the route's response schema (an error with the `{ code, message }`
 * shape), so a mock cannot drift from what the server sends.
 */

/** What a handler sees of a request: the route's path parameters, the query and what fetch was given. */
export interface MockRequest {
  url: string;
  init: RequestInit;
  params: Record<string, string>;
  query: URLSearchParams;
}

class Answer {
  /** Private, so a Response (which has a status and a body too) is no Answer to the type checker. */
  private readonly isAnswer = true;

  constructor(
    readonly status: number,
    readonly body: unknown,
    /** A raw answer is sent as it is: no schema applies. */
    readonly raw?: () => Response,
  ) {}
}

/** A success answer with another status than 200 (201 Created, 202…). */
class JsonAnswer<B> extends Answer {
  declare readonly body: B;
}

/** A 4xx or 5xx answer, checked against the API's error shape. */
class ErrorAnswer extends Answer {}

/** A stream, bytes, or an answer the route's handler never sends (a gateway's HTML page). */
class RawAnswer extends Answer {}

/** A routed answer only for these path parameters (any other value fails the request as unmocked). */
class Guarded<A> {
  constructor(
    readonly params: Record<string, string>,
    readonly answer: A,
  ) {}
}

/** Routes whose response is not JSON (streams, audio, images) answer only with `raw`. */
type Body<N extends RouteName> = unknown extends RouteResponse<N> ? never : RouteResponse<N>;
export type MockAnswer<N extends RouteName> = Body<N> | JsonAnswer<Body<N>> | ErrorAnswer | RawAnswer;
export type MockHandler<N extends RouteName> = (request: MockRequest) => MockAnswer<N> | Promise<MockAnswer<N>>;
type Entry<N extends RouteName> = MockAnswer<N> | MockHandler<N>;

export type ApiMocks = { [N in RouteName]?: Entry<N> | Guarded<Entry<N>> | Guarded<Entry<N>>[] };

/** Fetches outside the API (an external page, a blob: URL), keyed "METHOD url" (query ignored). */
export type OutsideMocks = Record<string, (request: MockRequest) => Response | Promise<Response>>;

export function reply<B>(body: B, status = 200): JsonAnswer<B> {
  return new JsonAnswer(status, body);
}

export type ErrorBody = z.input<typeof errorBody>;

export function fail(status: number, body: ErrorBody): ErrorAnswer {
  if (status < 400) throw new Error(`fail() is for 4xx and 5xx answers, not ${status}`);
  return new ErrorAnswer(status, body);
}

export function raw(response: Response | (() => Response)): RawAnswer {
  return new RawAnswer(0, undefined, typeof response === 'function' ? response : () => response.clone());
}

/** Answers only when the request's path parameters are these (a test that fetches c1 must not be answered for c2). */
export function when<A>(params: Record<string, string>, answer: A): Guarded<A> {
  return new Guarded(params, answer);
}

/** A request held open until the test answers it, to see the page while it waits. */
export function held<N extends RouteName>() {
  let answer: (value: MockAnswer<N>) => void = () => {};
  const handler: MockHandler<N> = () => new Promise<MockAnswer<N>>((resolve) => (answer = resolve));
  return { handler, answer: (value: MockAnswer<N>) => answer(value) };
}

const errorBody = z
  .object({
    code: z.enum([...Object.values(ERROR_CODES), ...CHAT_ERROR_TYPES]),
    message: z.string(),
    field: z.string().optional(),
    issues: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
    info: chatErrorInfoSchema.optional(),
  })
  // The kit spreads an error's details beside code and message (HttpError.toBody).
  .loose();

/**
 * Layers of mocks, later ones winning route by route; where both layers answer a route with `when`
 * cases, the later cases come first and the earlier ones still answer the other parameters (a test
 * adds conversation c2 to a kit that serves c1).
 */
export function mergeMocks(...layers: ApiMocks[]): ApiMocks {
  const merged: Record<string, unknown> = {};
  for (const layer of layers) {
    for (const [name, entry] of Object.entries(layer)) {
      const earlier = guardsOf(merged[name]);
      const later = guardsOf(entry);
      merged[name] = earlier && later ? [...later, ...earlier] : entry;
    }
  }
  return merged as ApiMocks;
}

/** Which route the gateway would run for this request, and its path parameters. */
export function resolveRoute(method: string, path: string): { name: RouteName; params: Record<string, string> } | null {
  for (const route of routeList) {
    if (route.method !== method) continue;
    const params = matchPath(route.path, path);
    if (params) return { name: route.name, params };
  }
  return null;
}

function requestOf(input: RequestInfo | URL, init: RequestInit = {}) {
  const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const url = new URL(href, 'http://localhost');
  const method = (init.method ?? 'GET').toUpperCase();
  const api = url.origin === 'http://localhost' ? resolveRoute(method, url.pathname) : null;
  return { href, url, method, init, api };
}

/** Keys the mock body has and the schema dropped: fields the server would never send. */
function extraKeys(sent: unknown, parsed: unknown, at = ''): string[] {
  if (Array.isArray(sent) && Array.isArray(parsed)) return sent.flatMap((item, index) => extraKeys(item, parsed[index], `${at}[${index}]`));
  if (!sent || typeof sent !== 'object' || !parsed || typeof parsed !== 'object') return [];
  return Object.entries(sent).flatMap(([key, value]) => {
    const path = at ? `${at}.${key}` : key;
    return key in parsed ? extraKeys(value, (parsed as Record<string, unknown>)[key], path) : [path];
  });
}

function check(name: RouteName, schema: z.ZodType, answer: Answer): void {
  if (answer.raw) return;
  const sent = answer.body === undefined ? undefined : (JSON.parse(JSON.stringify(answer.body)) as unknown);
  const result = schema.safeParse(sent);
  const problem = !result.success ? z.prettifyError(result.error) : extraKeys(sent, result.data).map((path) => `✖ ${path} is not in the response schema`).join('\n');
  if (!problem) return;
  const kind = answer instanceof ErrorAnswer ? `error ${answer.status}` : 'body';
  const error = new Error(`Mocked ${kind} for ${name} (${routes[name].method} ${routes[name].path}) does not match the API:\n${problem}`);
  recordMockDrift(error);
  throw error;
}

function toResponse(name: RouteName, answer: unknown): Response {
  if (answer instanceof Response) throw new Error(`${name} answered a Response: wrap a stream or bytes in raw(), answer JSON as a body`);
  const found = answer instanceof Answer ? answer : new Answer(200, answer);
  check(name, found instanceof ErrorAnswer ? errorBody : routes[name].response, found);
  if (found.raw) return found.raw();
  return new Response(found.body === undefined ? '' : JSON.stringify(found.body), { status: found.status, headers: { 'Content-Type': 'application/json' } });
}

/** An entry's `when` cases, or null when it answers every request (an array body is a body). */
function guardsOf(entry: unknown): Guarded<unknown>[] | null {
  if (entry instanceof Guarded) return [entry];
  return Array.isArray(entry) && entry.length > 0 && entry.every((item) => item instanceof Guarded) ? (entry as Guarded<unknown>[]) : null;
}

function pick(entry: unknown, params: Record<string, string>): unknown {
  const guards = guardsOf(entry);
  if (!guards) return entry;
  const match = guards.find((guard) => Object.entries(guard.params).every(([key, value]) => params[key] === value));
  return match ? match.answer : undefined;
}

/**
 * Replaces global fetch. Unmocked calls fail loudly so a test never talks to anything real; static
 * bodies are checked at once, a handler's when it answers.
 */
export function mockApi(mocks: ApiMocks, outside: OutsideMocks = {}) {
  for (const [name, entry] of Object.entries(mocks) as [RouteName, unknown][]) {
    if (!(name in routes)) throw new Error(`${name} is no route name: mock a route by its name in shared/src/routes.ts`);
    const guards = guardsOf(entry);
    for (const guard of guards ?? []) {
      const unknownKeys = Object.keys(guard.params).filter((key) => !routes[name].path.includes(`{${key}}`));
      if (unknownKeys.length) throw new Error(`${name} (${routes[name].path}) has no path parameter ${unknownKeys.join(', ')}`);
    }
    for (const answer of guards ? guards.map((guard) => guard.answer) : [entry]) {
      if (typeof answer !== 'function') toResponse(name, answer);
    }
  }
  for (const key of Object.keys(outside)) {
    const [method = '', url = ''] = key.split(' ');
    if (requestOf(url, { method }).api) throw new Error(`${key} is an API route: mock it by name`);
  }

  const spy = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const { href, url, method, api } = requestOf(input, init);
    const request = (params: Record<string, string>): MockRequest => ({ url: href, init, params, query: url.searchParams });
    if (!api) {
      const handler = outside[`${method} ${url.origin}${url.pathname}`] ?? outside[`${method} ${url.pathname}`];
      if (!handler) throw new Error(`Unexpected fetch: ${method} ${href}`);
      return handler(request({}));
    }
    const answer = pick(mocks[api.name], api.params);
    if (answer === undefined) throw new Error(`Unexpected fetch: ${method} ${url.pathname} (${api.name}${Object.keys(api.params).length ? ` ${JSON.stringify(api.params)}` : ''} is not mocked)`);
    return toResponse(api.name, typeof answer === 'function' ? await (answer as (request: MockRequest) => unknown)(request(api.params)) : answer);
  });
  vi.stubGlobal('fetch', spy);
  return spy;
}

export type FetchSpy = ReturnType<typeof mockApi>;

/** What fetch was given for each call to a route (only those with these path parameters, when given). */
export function callsTo(spy: FetchSpy, name: RouteName, params: Record<string, string> = {}): RequestInit[] {
  return spy.mock.calls
    .filter(([input, init]) => {
      const { api } = requestOf(input, init);
      return api?.name === name && Object.entries(params).every(([key, value]) => api.params[key] === value);
    })
    .map(([, init]) => init ?? {});
}
