import { vi } from 'vitest';

export type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

export function json(body: unknown, status = 200): Response {
  return new Response(body === undefined ? '' : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/**
 * Replaces global fetch with a router keyed by "METHOD /path" (query string ignored). Unrouted
 * calls fail loudly so a test never talks to anything real.
 */
export function mockFetch(routes: Record<string, Handler | Response | (() => Response)>) {
  const spy = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = new URL(url, 'http://localhost').pathname;
    const key = `${(init.method ?? 'GET').toUpperCase()} ${path}`;
    const route = routes[key];
    if (!route) throw new Error(`Unexpected fetch: ${key}`);
    const response = typeof route === 'function' ? await route(url, init) : route.clone();
    return response;
  });
  vi.stubGlobal('fetch', spy);
  return spy;
}

export function callsTo(spy: ReturnType<typeof mockFetch>, key: string): RequestInit[] {
  return spy.mock.calls
    .filter(([input, init]) => `${(init?.method ?? 'GET').toUpperCase()} ${new URL(String(input), 'http://localhost').pathname}` === key)
    .map(([, init]) => init ?? {});
}
