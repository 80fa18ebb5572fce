import { DEFAULT_USER_SETTINGS, routes, type Role, type RouteName } from '@meld/shared';
import { matchRoutes, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { clearSession, setSession } from '@/lib/auth-session.ts';
import { setPreloadQueryClient } from '@/lib/route-data-preload.ts';
import { callsTo, mockApi, type ApiMocks } from '@/test/mock-api.ts';
import { testConfig, testUser } from '@/test/fixtures.ts';
import { renderRoutes, testQueryClient } from '@/test/render.tsx';
import { roleInfo, roleRoutes } from '@/test/roles.ts';
import { appRoutes } from './routes.tsx';

afterEach(() => setPreloadQueryClient(undefined));

/** The page's lazy route module, as the router brings it once the chunk is in, and the route's path. */
async function pageModule(path: string) {
  const route = matchRoutes(appRoutes, path)!.at(-1)!.route as RouteObject;
  const lazy = typeof route.lazy === 'function' ? await route.lazy() : {};
  return { path: `/${route.path ?? ''}`, ...(lazy as { loader?: (args: LoaderFunctionArgs) => unknown; Component?: RouteObject['Component'] }) };
}

/** Runs the loader the page's lazy route module brings, as the router does once the chunk is in. */
async function runPageLoader(path: string): Promise<void> {
  const { loader } = await pageModule(path);
  expect(loader, `${path} brings a loader`).toBeTypeOf('function');
  loader!({ request: new Request(new URL(path, 'http://localhost')), params: {}, context: undefined } as LoaderFunctionArgs);
}

/** What the shell's own preload asks for, and the prompts and agents pages wait for: the config, the role's table, the settings (a page size of 25, not the default). */
const SHELL_DATA: ApiMocks = { getConfig: testConfig(), getUserSettings: { ...DEFAULT_USER_SETTINGS, promptsPageSize: 25 }, ...roleRoutes() };

function signIn(role: Role = testUser.role): void {
  setSession('tok', { ...testUser, role }, { broadcast: false });
}

// Each page's own data, asked for as the session is restored rather than after the shell has drawn.
const PAGES: [path: string, route: RouteName, query?: Record<string, string>, role?: Role][] = [
  ['/today', 'getCompassView'],
  ['/today?date=2020-01-15', 'getCompassView', { date: '2020-01-15' }],
  ['/log', 'getLogView'],
  ['/log?month=2025-03', 'getLogView', { month: '2025-03' }],
  ['/library/wins-vault', 'listWins'],
  ['/library/north-star', 'getNorthStar'],
  ['/fragments', 'listFragments'],
  ['/chats', 'listCoachThreads'],
  ['/mentor/feed', 'getMentorFeed'],
  ['/prompts', 'listPromptGroups', { pageSize: '25' }],
  ['/prompts/g1', 'listPromptGroups', { pageSize: '25' }],
  ['/agents', 'listAgents'],
  ['/agents/agent_1', 'listAgents'],
  ['/search?q=%20trip%20', 'listConvos', { search: 'trip' }],
  ['/me', 'listUsers', { limit: '1000' }, 'ADMIN'],
  ['/me?tab=banners', 'listBanners', undefined, 'ADMIN'],
];

// Where the page itself would ask for nothing, its loader asks for nothing either.
const QUIET: [path: string, route: RouteName, why: string, mocks?: ApiMocks][] = [
  ['/me', 'listUsers', "a member's profile is the session's own user"],
  ['/search', 'listConvos', 'no text to search for'],
  ['/prompts', 'listPromptGroups', 'the operator hides prompts', { getConfig: testConfig({ interface: { ...testConfig().interface, prompts: false } }) }],
  ['/agents', 'listAgents', 'the role may not use agents', roleRoutes({ USER: roleInfo('USER', { AGENTS: { USE: false } }) })],
];

// The page then reads what its loader asked for: rendered on that cache (fresh for ever in tests), it asks no second time.
const SAME_QUERY: [path: string, route: RouteName, mocks: ApiMocks, role?: Role][] = [
  ['/prompts', 'listPromptGroups', { listPromptGroups: { promptGroups: [], nextCursor: null } }],
  ['/agents', 'listAgents', { listAgents: { agents: [], nextCursor: null } }],
  ['/search?q=%20trip%20', 'listConvos', { listConvos: { conversations: [], nextCursor: null } }],
  ['/me', 'listUsers', { listUsers: { users: [], nextCursor: null, page: 1, limit: 1000 } }, 'ADMIN'],
];

describe("a signed-in page's loader", () => {
  it.each(PAGES)('%s asks for its data once the session is restored', async (path, name, query, role) => {
    signIn(role);
    const fetch = mockApi(SHELL_DATA);
    setPreloadQueryClient(testQueryClient());

    await runPageLoader(path);
    await expect.poll(() => callsTo(fetch, name)).toHaveLength(1);
    const sent = fetch.mock.calls.map(([input]) => new URL(String(input), 'http://localhost')).find((url) => url.pathname === routes[name].path)!;
    for (const [key, value] of Object.entries(query ?? {})) expect(sent.searchParams.get(key)).toBe(value);
  });

  it.each(QUIET)('%s asks for no %s when %s', async (path, name, _why, mocks) => {
    signIn();
    const fetch = mockApi({ ...SHELL_DATA, ...mocks });
    setPreloadQueryClient(testQueryClient());

    await runPageLoader(path);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(callsTo(fetch, name)).toHaveLength(0);
  });

  it.each(SAME_QUERY)('%s reads the %s its loader asked for', async (path, name, mocks, role) => {
    signIn(role);
    const fetch = mockApi({ ...SHELL_DATA, ...mocks });
    const queryClient = testQueryClient();
    setPreloadQueryClient(queryClient);

    await runPageLoader(path);
    await expect.poll(() => callsTo(fetch, name)).toHaveLength(1);
    await expect.poll(() => queryClient.isFetching()).toBe(0);
    const page = await pageModule(path);
    renderRoutes([{ path: page.path, Component: page.Component }], path, queryClient);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(callsTo(fetch, name)).toHaveLength(1);
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

describe("a preloading page's revalidation", () => {
  // What each page's loader reads from the address; any other change of the address asks for nothing again.
  const READS: [path: string, param: string | null][] = [
    ['/today', 'date'],
    ['/log', 'month'],
    ['/search?q=trip', 'q'],
    ['/me', 'tab'],
    ['/library/wins-vault', null],
    ['/library/north-star', null],
    ['/fragments', null],
    ['/chats', null],
    ['/mentor/feed', null],
    ['/prompts', null],
    ['/agents', null],
  ];

  it.each(READS)('%s runs its loader again only when %s changes', async (path, param) => {
    const route = matchRoutes(appRoutes, path)!.at(-1)!.route as RouteObject;
    const lazy = (typeof route.lazy === 'function' ? await route.lazy() : {}) as Pick<RouteObject, 'shouldRevalidate'>;
    const url = (changes: Record<string, string>) => {
      const url = new URL(path, 'http://localhost');
      for (const [name, value] of Object.entries(changes)) url.searchParams.set(name, value);
      return url;
    };
    const revalidates = (next: Record<string, string>) => lazy.shouldRevalidate!({ currentUrl: url({ x: '1' }), nextUrl: url(next) } as Parameters<NonNullable<RouteObject['shouldRevalidate']>>[0]);
    expect(revalidates({ x: '2' }), 'another parameter').toBe(false);
    expect(revalidates({ x: '1' }), 'the same address').toBe(false);
    if (param) expect(revalidates({ x: '1', [param]: '2020-01' }), param).toBe(true);
  });
});
