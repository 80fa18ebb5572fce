import { COMPASS_TREND, emptyCompassDay, type Interaction, type ListWinsResponse, type MentorFeedResponse } from '@meld/shared';
import type { CompassDay, CompassTrend, CompassView } from './api/today-queries.ts';
import { addDays } from '@/lib/dates.ts';
import { setSession } from '@/lib/auth-session.ts';
import { type ApiMocks, mockApi, type MockRequest, reply } from '@/test/mock-api.ts';
import { testConfig, testUser } from '@/test/fixtures.ts';
import { renderRoutes } from '@/test/render.tsx';
import { Component as TodayPage } from './routes/today-route.tsx';

export function compassDay(date: string, fields: Partial<CompassDay> = {}): CompassDay {
  return { ...emptyCompassDay(date), ...fields };
}

export const doneCompass = (date: string, fields: Partial<CompassDay> = {}) =>
  compassDay(date, {
    mood: 75,
    energy: 45,
    note: 'Ship the draft.',
    moodInteractionId: 'mood-1',
    energyInteractionId: 'energy-1',
    noteInteractionId: 'note-1',
    completion: { compass: true, reflection: false },
    ...fields,
  });

export function compassView(days: CompassDay[], streak = 0): CompassView {
  return { days, streak, timeZone: 'Europe/Lisbon', today: days[0]?.date ?? '' };
}

/** Echoes an interaction save with an id, as the server does. */
export function echoInteraction(id: string) {
  return ({ init }: MockRequest) => {
    // The sent fields as the server stores them (the mock's schema check holds it to an interaction).
    const body = JSON.parse(String(init.body)) as Omit<Interaction, '_id' | 'capturedAt'>;
    return reply({ _id: id, capturedAt: '2026-03-10T08:30:00.000Z', ...body }, 201);
  };
}

export const sentBody = (init: RequestInit) => JSON.parse(String(init.body)) as Record<string, unknown>;

/** A trend of `weeks` weeks ending on `today`, from each week's [mood, energy, days] (oldest first). */
export function compassTrend(today: string, weeks: [number | null, number | null, number][], average: CompassTrend['average']): CompassTrend {
  const trendWeeks = weeks.map(([mood, energy, days], index) => {
    const end = addDays(today, -7 * (weeks.length - 1 - index));
    return { start: addDays(end, -6), end, mood, energy, days };
  });
  return { today, weeks: trendWeeks, days: trendWeeks.reduce((sum, week) => sum + week.days, 0), daysNeeded: COMPASS_TREND.minDays, average };
}

export const emptyFeed: MentorFeedResponse = { cards: [], counts: { all: 0, insights: 0, nudges: 0, journal: 0, tasks: 0 }, unread: 0, unseen: 0 };

export const emptyVault: ListWinsResponse = { wins: [], digest: { month: 3, year: 2026, tileCount: 0, previewTiles: [] } };

/** The Today page at `path` with the given API answers (the compass view is required; the Wins Vault is empty unless given). */
export function renderToday(path: string, routes: ApiMocks) {
  setSession('tok', testUser, { broadcast: false });
  // A real model answers here, so instant help is offered; a test without one overrides getConfig.
  const fetch = mockApi({ listWins: emptyVault, getMentorFeed: emptyFeed, getConfig: testConfig(), getCompassTrend: compassTrend('2026-03-10', [], { mood: null, energy: null }), ...routes });
  const rendered = renderRoutes(
    [
      { path: '/today', element: <TodayPage /> },
      { path: '/mentor/feed', element: <p>mentor feed</p> },
      { path: '/fragments', element: <p>fragments page</p> },
      { path: '/c/new', element: <p>new chat</p> },
      { path: '/library/wins-vault', element: <p>wins vault</p> },
    ],
    path,
  );
  return { ...rendered, fetch };
}
