import type { CompassTrendResponse, CreateInteractionBody } from '@meld/shared';
import { describe, expect, it } from 'vitest';
import { addDays, localDate } from '../../domain/compass/local-time.ts';
import { dbCalls, registerMember, useApi } from '../api-test-kit.ts';
import { seedInteraction } from '../interactions/__fixtures__/days.ts';

const api = useApi();
const ZONE = 'Pacific/Auckland';

async function member() {
  const client = api().client();
  const { token, response } = await registerMember(client);
  const userId = (response.json as { user: { id: string } }).user.id;
  const call = <T = unknown>(query = '') => client.request<T & { message?: string }>('GET', `/api/views/compass/trend${query}`, { headers: { authorization: `Bearer ${token}`, 'x-meld-time-zone': ZONE } });
  return { userId, call };
}

function slider(type: 'mood' | 'energy', value: number, date: string): CreateInteractionBody {
  return { kind: 'compass', promptText: `Your ${type}?`, numericAnswer: value, captureMethod: 'slider', interactionMeta: { type }, date };
}

describe('compass trend', () => {
  it('averages mood and energy per week of the member’s local days, oldest week first, in a fixed number of calls', async () => {
    const { userId, call } = await member();
    const today = localDate(new Date(), ZONE);
    // This week: two days; three weeks ago: one day with mood only; nine weeks ago: outside 8 weeks.
    await seedInteraction(userId, slider('mood', 80, today));
    await seedInteraction(userId, slider('energy', 70, today));
    await seedInteraction(userId, slider('mood', 61, addDays(today, -6)));
    await seedInteraction(userId, slider('energy', 45, addDays(today, -6)));
    await seedInteraction(userId, slider('mood', 30, addDays(today, -21)));
    await seedInteraction(userId, slider('mood', 5, addDays(today, -63)));

    const answer = await call<CompassTrendResponse>();
    expect(answer.status).toBe(200);
    const trend = answer.json;
    expect(trend.today).toBe(today);
    expect(trend.weeks).toHaveLength(8);
    expect(trend.weeks.at(-1)).toEqual({ start: addDays(today, -6), end: today, mood: 71, energy: 58, days: 2 });
    expect(trend.weeks.at(-4)).toEqual({ start: addDays(today, -27), end: addDays(today, -21), mood: 30, energy: null, days: 1 });
    expect(trend.weeks[0]!.start).toBe(addDays(today, -55));
    expect(trend.weeks.filter((week) => week.days === 0)).toHaveLength(6);
    expect(trend).toMatchObject({ days: 3, daysNeeded: 7, average: { mood: 57, energy: 58 } });
    // As the compass view: the zone (saved on its first sight), then the window's one range read.
    expect(dbCalls(answer)).toBe(5);

    const twelve = await call<CompassTrendResponse>('?weeks=12');
    expect(twelve.json.weeks).toHaveLength(12);
    expect(twelve.json.weeks[0]!.start).toBe(addDays(today, -83));
    expect(twelve.json.days).toBe(4);
    expect(dbCalls(twelve)).toBe(4);
  });

  it('refuses a window it would not bound with a 400 the page can show', async () => {
    const { call } = await member();
    for (const [query, message] of [
      ['?weeks=13', 'weeks can be at most 12'],
      ['?weeks=2', 'weeks must be at least 4'],
      ['?weeks=many', 'weeks must be a whole number'],
      ['?weeks=6.5', 'weeks must be a whole number'],
    ] as const) {
      const answer = await call(query);
      expect({ query, status: answer.status, message: answer.json.message }).toEqual({ query, status: 400, message: expect.stringContaining(message) });
    }
  });
});
