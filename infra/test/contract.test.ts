import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REFRESH_COOKIE_PATH, STREAM_AUTH_HEADER, matchPath, routeList } from '@meld/shared';
import { REPO_ROOT, eventFile, handlerEntry } from '../lib/paths.ts';

/**
 * The route table's promise (ARCHITECTURE.md): every route has a handler module and a sample
 * event (the stack tests check its CDK function). The handler half fails until the handler
 * exists, which is the point: a route cannot be added to the table and forgotten.
 */
const cases = routeList.map((route) => [route.handler, route] as const);

interface SampleEvent {
  routeKey: string;
  rawPath: string;
  headers: Record<string, string>;
  requestContext: { http: { method: string } };
  body?: string;
}

describe('every route', () => {
  it.each(cases)('%s has its handler module', (handler) => {
    const entry = handlerEntry(handler);
    expect(existsSync(entry), `missing ${relative(REPO_ROOT, entry)}`).toBe(true);
  });

  it.each(cases)('%s has a sample event that matches the route', (handler, route) => {
    const path = eventFile(handler);
    expect(existsSync(path), `missing ${relative(REPO_ROOT, path)}: run npx tsx infra/scripts/generate-events.ts`).toBe(true);
    const event = JSON.parse(readFileSync(path, 'utf8')) as SampleEvent;
    expect(event.requestContext.http.method).toBe(route.method);
    expect(matchPath(route.path, event.rawPath)).not.toBeNull();
    // HTTP API events name their route; a Function URL has only one.
    expect(event.routeKey).toBe(route.streaming ? '$default' : `${route.method} ${route.path}`);
    if (route.streaming && route.auth !== 'public') expect(event.headers[STREAM_AUTH_HEADER]).toMatch(/^Bearer /);
    if (!route.streaming && route.auth !== 'public' && route.auth !== 'mentor-token') expect(event.headers.authorization).toMatch(/^Bearer /);
    if (route.body) {
      const result = route.body.safeParse(JSON.parse(event.body ?? 'null'));
      expect(result.error?.issues ?? []).toEqual([]);
    }
  });

  it('keeps the refresh cookie out of events for paths the browser would not send it to', () => {
    for (const route of routeList.filter((r) => !r.path.startsWith(REFRESH_COOKIE_PATH))) {
      const event = JSON.parse(readFileSync(eventFile(route.handler), 'utf8')) as { cookies?: string[] };
      expect(event.cookies ?? []).toEqual([]);
    }
  });
});
