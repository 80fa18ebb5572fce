import { routes, type RouteName } from '@meld/shared';
import { matchRoutes, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { clearSession, setSession } from '@/lib/auth-session.ts';
import { setPreloadQueryClient } from '@/lib/route-data-preload.ts';
import { callsTo, mockApi } from '@/test/mock-api.ts';
import { testUser } from '@/test/fixtures.ts';
import { testQueryClient } from '@/test/render.tsx';
import { appRoutes } from './routes.tsx';

afterEach(() => setPreloadQueryClient(undefined));

/** Runs the loader the page's lazy route module brings, as the router does once the chunk is in. */
async function runPageLoader(path: string): Promise<void> {
  const route = matchRoutes(appRoutes, path)!.at(-1)!.route as RouteObject;
  const lazy = typeof route.lazy === 'function' ? await route.lazy() : {};
  const loader = (lazy as { loader?: (args: LoaderFunctionArgs) => unknown }).loader;
  expect(loader, `${path} brings a loader`).toBeTypeOf('function');
  loader!({ request: new Request(new URL(path, 'http://localhost')), params: {}, context: undefined } as LoaderFunctionArgs);
}

// Each page's own data, asked for as the session is restored rather than after the shell has drawn.
const PAGES: [path: string, route: RouteName, query?: Record<string, string>][] = [
  ['/today', 'getCompassView'],
  ['/today?date=2020-01-15', 'getCompassView', { date: '2020-01-15' }],
  ['/log', 'getLogView'],
  ['/log?month=2025-03', 'getLogView', { month: '2025-03' }],
  ['/library/wins-vault', 'listWins'],
  ['/library/north-star', 'getNorthStar'],
  ['/fragments', 'listFragments'],
  ['/chats', 'listCoachThreads'],
  ['/mentor/feed', 'getMentorFeed'],
];

describe("a signed-in page's loader", () => {
  it.each(PAGES)('%s asks for its data once the session is restored', async (path, name, query) => {
    setSession('tok', testUser, { broadcast: false });
    const fetch = mockApi({});
    setPreloadQueryClient(testQueryClient());

    await runPageLoader(path);
    await expect.poll(() => callsTo(fetch, name)).toHaveLength(1);
    const sent = fetch.mock.calls.map(([input]) => new URL(String(input), 'http://localhost')).find((url) => url.pathname === routes[name].path)!;
    for (const [key, value] of Object.entries(query ?? {})) expect(sent.searchParams.get(key)).toBe(value);
  });

  it('asks for nothing for a signed-out visitor', async () => {
    clearSession({ broadcast: false });
    const fetch = mockApi({});
    setPreloadQueryClient(testQueryClient());

    for (const [path] of PAGES) await runPageLoader(path);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetch).not.toHaveBeenCalled();
  });
});
