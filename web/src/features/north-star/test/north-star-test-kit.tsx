import type { NarrativeVersion, NorthStarResponse } from '@meld/shared';
import { vi } from 'vitest';
import { setSession } from '@/lib/auth-session.ts';
import { type ApiMocks, mockApi } from '@/test/mock-api.ts';
import { testUser } from '@/test/fixtures.ts';
import { renderRoutes } from '@/test/render.tsx';
import { Component as NorthStarPage } from '../routes/north-star-route.tsx';

export function version(overrides: Partial<NarrativeVersion> = {}): NarrativeVersion {
  return {
    id: 'v2',
    createdAt: '2026-11-20T09:00:00.000Z',
    headline: 'You are becoming the person who finishes what matters.',
    dominantValue: 'growth',
    chapters: [
      {
        id: 'values',
        title: 'What you keep choosing',
        content: 'You kept choosing the harder conversation this month.',
        isEdited: false,
        wordCount: 8,
        valueHighlights: [{ text: 'choosing the harder conversation', value: 'courage' }],
      },
      { id: 'momentum', title: 'Where the energy went', content: 'The launch took most of your energy.', isEdited: false, wordCount: 7, valueHighlights: [] },
      { id: 'direction', title: 'Pointing forward', content: 'Your notes point toward leading the next launch.', isEdited: false, wordCount: 8, valueHighlights: [] },
    ],
    goals: [
      { id: 'goal-1', title: 'Lead the next launch', alignment: 'strong', nextStep: 'Ask for the lead role on Monday.', chatId: null, completed: false },
      { id: 'goal-2', title: 'Protect morning focus', alignment: 'drifting', nextStep: 'Block 9 to 11 on three days.', chatId: null, completed: false },
    ],
    dataSources: [
      { type: 'reflection', key: 'compass', title: 'Daily compass check-ins', date: '2026-11-19', count: 12, preview: 'Finish the deck', link: '/today?date=2026-11-19' },
      { type: 'win', key: 'wins', title: 'Wins', date: '2026-11-18', count: 2, preview: 'Shipped the launch', link: '/library/wins-vault?win=w-launch' },
    ],
    confidence: 64,
    confidenceFactors: { coverage: 40, consistency: 78, recency: 93, conflicting: 10 },
    changes: [{ type: 'add', target: 'goal:goal-2', text: 'New goal: Protect morning focus' }],
    nextUpdateDue: '2026-11-27T09:00:00.000Z',
    source: 'model',
    ...overrides,
  };
}

export const readiness = { windowDays: 45, daysWithEntries: 12, daysNeeded: 0, coachConfigured: true, canGenerate: true, dataSources: [], confidence: 40, confidenceFactors: { coverage: 27, consistency: 67, recency: 93, conflicting: 0 } };

export function ready(latest = version(), older: NarrativeVersion[] = [version({ id: 'v1', createdAt: '2026-11-10T09:00:00.000Z', headline: 'An earlier headline about steadiness.', confidence: 41, changes: [] })]): NorthStarResponse {
  const summary = ({ id, createdAt, headline, confidence, changes }: NarrativeVersion) => ({ id, createdAt, headline, confidence, changes });
  return { status: 'ready', narrative: latest, versions: [latest, ...older].map(summary), readiness };
}

/** The view answered with `view` unless a route is overridden. */
export function mockNorthStar(view: NorthStarResponse = ready(), routes: ApiMocks = {}) {
  return mockApi({ getNorthStar: () => view, ...routes });
}

/** jsdom has no IntersectionObserver: this one lets a test say whether the hero is in view. */
export function fakeIntersection() {
  const observers: { callback: IntersectionObserverCallback; target?: Element }[] = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      private readonly entry: (typeof observers)[number];
      constructor(callback: IntersectionObserverCallback) {
        this.entry = { callback };
        observers.push(this.entry);
      }
      observe(target: Element) {
        this.entry.target = target;
      }
      disconnect() {}
    },
  );
  return (isIntersecting: boolean) => {
    for (const { callback, target } of observers) if (target) callback([{ isIntersecting, target } as IntersectionObserverEntry], {} as IntersectionObserver);
  };
}

export function renderNorthStar() {
  setSession('tok', testUser, { broadcast: false });
  return renderRoutes(
    [
      { path: '/library/north-star', element: <NorthStarPage /> },
      { path: '/today', element: <p>today page</p> },
    ],
    '/library/north-star',
  );
}

export function bodyOf(init: RequestInit): unknown {
  return JSON.parse(String(init.body));
}
