import type { Digest, WinTile } from '@meld/shared';
import { setSession } from '@/lib/auth-session.ts';
import { type ApiMocks, mockApi } from '@/test/mock-api.ts';
import { testUser } from '@/test/fixtures.ts';
import { renderRoutes } from '@/test/render.tsx';
import { Component as WinsPage } from '../routes/wins-route.tsx';

export function tile(overrides: Partial<WinTile> & Pick<WinTile, 'id' | 'title'>): WinTile {
  return {
    titleInteractionId: `t-${overrides.id}`,
    descriptionInteractionId: `d-${overrides.id}`,
    achievedAt: '2026-11-10T09:00:00.000Z',
    date: '2026-11-10',
    description: '',
    tags: ['Win'],
    emoji: '🎯',
    impact: [],
    source: 'manual',
    isPinned: false,
    isShared: false,
    shareCount: 0,
    originalContent: null,
    ...overrides,
  };
}

export const sampleWins: WinTile[] = [
  tile({
    id: 'w1',
    title: 'Shipped the onboarding redesign',
    description: 'Signups finished 20% faster after the new flow.',
    tags: ['Win', 'Product'],
    emoji: '🚀',
    impact: ['Faster signups', 'Fewer support tickets'],
    source: 'log',
    originalContent: 'Today we shipped the redesign and the numbers look great.',
    achievedAt: '2026-11-12T10:00:00.000Z',
    date: '2026-11-12',
  }),
  tile({ id: 'w2', title: 'Ran my first 10k', description: 'Kept a steady pace the whole way.', tags: ['Win', 'Health'], emoji: '🏃', achievedAt: '2026-11-08T07:00:00.000Z', date: '2026-11-08' }),
  tile({ id: 'w3', title: 'Mentored a new teammate', tags: ['Win'], source: 'chat', achievedAt: '2026-11-05T16:00:00.000Z', date: '2026-11-05' }),
];

export function digestOf(wins: readonly WinTile[]): Digest {
  return { month: 11, year: 2026, tileCount: wins.length, previewTiles: wins.slice(0, 3).map(({ id, emoji, title }) => ({ id, emoji, title })) };
}

/** The vault answered with `wins` (and their digest) unless a route is overridden. */
export function mockVault(wins: readonly WinTile[] = sampleWins, routes: ApiMocks = {}) {
  return mockApi({ listWins: () => ({ wins: [...wins], digest: digestOf(wins) }), ...routes });
}

export function renderWins(path = '/library/wins-vault') {
  setSession('tok', testUser, { broadcast: false });
  return renderRoutes(
    [
      { path: '/library/wins-vault', element: <WinsPage /> },
      { path: '/log', element: <p>log page</p> },
    ],
    path,
  );
}

export function bodyOf(init: RequestInit): unknown {
  return JSON.parse(String(init.body));
}
