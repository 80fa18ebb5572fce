import { DEFAULT_USER_SETTINGS, type Prompt, type PromptGroup } from '@meld/shared';
import { setSession } from '@/lib/auth-session.ts';
import { type ApiMocks, mockApi } from '@/test/mock-api.ts';
import { testConfig, testUser } from '@/test/fixtures.ts';
import { renderRoutes } from '@/test/render.tsx';
import { roleRoutes } from '@/test/roles.ts';
import { Component as PromptsPage } from '../routes/prompts-route.tsx';

export function group(overrides: Partial<PromptGroup> = {}): PromptGroup {
  return {
    groupId: 'g1',
    name: 'Weekly update',
    oneliner: 'A note for the team',
    category: 'write',
    command: 'weekly-update',
    author: testUser.id,
    authorName: testUser.name,
    projectIds: [],
    productionId: 'p1',
    productionPrompt: { prompt: 'Write an update for {{team}}.', type: 'text' },
    numberOfGenerations: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function version(overrides: Partial<Prompt> = {}): Prompt {
  return { promptId: 'p1', groupId: 'g1', author: testUser.id, prompt: 'Write an update for {{team}}.', type: 'text', labels: [], createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z', ...overrides };
}

export const categories = (['idea', 'travel', 'teach_or_explain', 'write', 'shop', 'code', 'misc', 'roleplay', 'finance'] as const).map((value) => ({ label: value, value }));

/** The prompts page at `path` over a mocked API; `routes` override or add answers. */
export function renderPrompts(path: string, routes: ApiMocks = {}) {
  setSession('tok', testUser, { broadcast: false });
  const fetchSpy = mockApi({
    getConfig: testConfig(),
    getUserSettings: DEFAULT_USER_SETTINGS,
    listCategories: categories,
    listPromptGroups: { promptGroups: [group()], nextCursor: null },
    ...roleRoutes(),
    ...routes,
  });
  const utils = renderRoutes(
    [
      { path: '/prompts/:groupId?', element: <PromptsPage /> },
      { path: '/c/new', element: <p>new chat</p> },
    ],
    path,
  );
  return { fetchSpy, ...utils };
}
