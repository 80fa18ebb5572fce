import type { Fragment, ThemeCluster } from '@meld/shared';
import { type ApiMocks, mockApi } from '@/test/mock-api.ts';
import { setSession } from '@/lib/auth-session.ts';
import { testConfig, testUser } from '@/test/fixtures.ts';
import { renderRoutes } from '@/test/render.tsx';
import { Component as FragmentsPage } from '../routes/fragments-route.tsx';

export function fragment(overrides: Partial<Fragment> & Pick<Fragment, 'id' | 'content'>): Fragment {
  return {
    type: 'general',
    timestamp: '2026-11-20T09:30:00.000Z',
    source: 'manual',
    tags: [],
    isPinned: false,
    wordCount: overrides.content.trim().split(/\s+/).length,
    sourceUrl: null,
    clusterId: null,
    updatedAt: '2026-11-20T09:30:00.000Z',
    ...overrides,
  };
}

export const sampleFragments: Fragment[] = [
  fragment({ id: 'f1', content: '"Clarity is kindness" - heard in the leadership offsite', type: 'quote', tags: ['leadership', 'communication', 'offsite', 'kindness'], clusterId: 'c1' }),
  fragment({ id: 'f2', content: 'How do I say no without closing doors?', type: 'question', tags: ['boundaries'], timestamp: '2026-11-19T18:00:00.000Z' }),
  fragment({ id: 'f3', content: 'I realized my best ideas come on walks', type: 'insight', isPinned: true, timestamp: '2026-11-18T07:15:00.000Z', clusterId: 'c1' }),
];

export function theme(overrides: Partial<ThemeCluster> & Pick<ThemeCluster, 'id' | 'label' | 'fragmentCount'>): ThemeCluster {
  return { changePercent: 25, color: '#10b981', fragmentIds: [], ...overrides };
}

/** The inbox answered with `fragments` (a search or theme filters them as the server does) unless a route is overridden. */
export function mockFragments(fragments: readonly Fragment[] = sampleFragments, routes: ApiMocks = {}) {
  return mockApi({
    listFragments: ({ url }) => {
      const query = new URL(url, 'http://localhost').searchParams;
      const q = query.get('q')?.toLowerCase();
      const cluster = query.get('clusterId');
      const shown = fragments.filter(
        (item) => (!q || item.content.toLowerCase().includes(q) || item.tags.some((tag) => tag.toLowerCase().includes(q))) && (!cluster || item.clusterId === cluster),
      );
      const start = Number(query.get('cursor') ?? 0);
      const end = start + Number(query.get('limit') ?? 50);
      return { fragments: shown.slice(start, end), nextCursor: end < shown.length ? String(end) : null };
    },
    // The server transcribes, so voice notes are offered; a test without it overrides this.
    getSpeechConfig: { sttExternal: true, ttsExternal: false },
    // A coach answers here, so Add to Chat is offered; a test without one overrides this.
    getConfig: testConfig(),
    ...routes,
  });
}

export function renderFragments(path = '/fragments') {
  setSession('tok', testUser, { broadcast: false });
  return renderRoutes(
    [
      { path: '/fragments', element: <FragmentsPage /> },
      { path: '/library/wins-vault', element: <p>wins vault page</p> },
      { path: '/chats', element: <p>chats page</p> },
    ],
    path,
  );
}

export function bodyOf(init: RequestInit): unknown {
  return JSON.parse(String(init.body));
}
