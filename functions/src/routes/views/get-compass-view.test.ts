import type { CompassViewResponse, CreateInteractionBody, Interaction } from '@meld/shared';
import { describe, expect, it } from 'vitest';
import { addDays, localDate } from '../../domain/compass/local-time.ts';
import { dbCalls, registerMember, useApi } from '../api-test-kit.ts';
import { eveningZone, seedInteraction } from '../interactions/__fixtures__/days.ts';

const api = useApi();

/** A member whose requests carry a time zone header (or none). */
async function member() {
  const client = api().client();
  const { token, response } = await registerMember(client);
  const userId = (response.json as { user: { id: string } }).user.id;
  const call = <T = unknown>(method: string, path: string, options: { json?: unknown; zone?: string } = {}) =>
    client.request<T>(method, path, {
      headers: { authorization: `Bearer ${token}`, ...(options.zone ? { 'x-meld-time-zone': options.zone } : {}) },
      ...(options.json === undefined ? {} : { json: options.json }),
    });
  return { userId, call };
}

function slider(type: 'mood' | 'energy', value: number, date: string): CreateInteractionBody {
  return { kind: 'compass', promptText: `Your ${type}?`, numericAnswer: value, captureMethod: 'slider', interactionMeta: { type }, date };
}

/** Mood and energy of a past day, written straight to the store (the API takes only today's). */
async function seedCompass(userId: string, date: string) {
  for (const body of [slider('mood', 70, date), slider('energy', 60, date)]) await seedInteraction(userId, body);
}

describe('compass view', () => {
  it('answers today in the browser zone with the streak days, in a fixed number of calls', async () => {
    const { userId, call } = await member();
    const zone = 'Pacific/Kiritimati';
    const today = localDate(new Date(), zone);
    for (const back of [1, 2, 3]) await seedCompass(userId, addDays(today, -back));
    await seedCompass(userId, addDays(today, -5));

    const first = await call<CompassViewResponse>('GET', '/api/views/compass', { zone });
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ today, timeZone: zone, streak: 3 });
    expect(first.json.days.map((day) => day.date)).toEqual([today, addDays(today, -1), addDays(today, -2), addDays(today, -3)]);
    expect(first.json.days[0]).toMatchObject({ mood: null, completion: { compass: false, reflection: false } });
    // Profile read, the zone remembered (it changed), the range: the index and the recent writes beside it.
    expect(dbCalls(first)).toBe(5);
    const again = await call<CompassViewResponse>('GET', '/api/views/compass', { zone });
    expect(dbCalls(again)).toBe(4);
  });

  it('builds the day from its interactions: the latest answer of a type, the evening note and summary', async () => {
    const { call } = await member();
    const { timeZone: zone, today: date } = eveningZone();
    const save = (body: CreateInteractionBody) => call<Interaction>('POST', '/api/interactions', { json: body, zone });
    await save(slider('mood', 40, date));
    await save(slider('energy', 30, date));
    const moodId = (await save(slider('mood', 90, date))).json._id;
    await save(slider('energy', 80, date));
    const note = await call<Interaction>('POST', '/api/interactions', { json: { kind: 'compass', promptText: 'Intention?', responseText: 'Rest.', captureMethod: 'text', interactionMeta: { type: 'note' }, date }, zone });
    const evening = await call<Interaction>('POST', '/api/interactions', {
      json: { kind: 'reflection', promptText: 'How did it go?', responseText: 'Slow but good.', captureMethod: 'text', interactionMeta: { type: 'evening-reflection' }, date },
      zone,
    });
    await call('PUT', `/api/interactions/${evening.json._id}`, { json: { interactionMeta: { generatedSummary: 'A gentle day.' } }, zone });

    const view = await call<CompassViewResponse>('GET', `/api/views/compass?date=${date}`);
    expect(view.json.days[0]).toEqual({
      date,
      mood: 90,
      energy: 80,
      note: 'Rest.',
      eveningNote: 'Slow but good.',
      dailySummary: 'A gentle day.',
      summarySource: null,
      summaryStale: false,
      reflectionInteractionId: evening.json._id,
      moodInteractionId: moodId,
      energyInteractionId: expect.any(String),
      noteInteractionId: note.json._id,
      completion: { compass: true, reflection: true },
    });
    expect(view.json.streak).toBe(1);
  });

  it('keeps the zone the browser last sent for requests without one, and ignores an invalid zone', async () => {
    const { call } = await member();
    await call('GET', '/api/views/compass', { zone: 'Asia/Tokyo' });
    const plain = await call<CompassViewResponse>('GET', '/api/views/compass');
    expect(plain.json).toMatchObject({ timeZone: 'Asia/Tokyo', today: localDate(new Date(), 'Asia/Tokyo') });
    const bogus = await call<CompassViewResponse>('GET', '/api/views/compass', { zone: 'Mars/Base' });
    expect(bogus.json.timeZone).toBe('Asia/Tokyo');
    expect(dbCalls(bogus)).toBe(4);
  });

  it('uses UTC before any zone was sent', async () => {
    const { call } = await member();
    const view = await call<CompassViewResponse>('GET', '/api/views/compass');
    expect(view.json).toMatchObject({ timeZone: 'UTC', streak: 0, days: [{ date: localDate(new Date(), 'UTC') }] });
  });

  it('refuses a date that is not a calendar day', async () => {
    const { call } = await member();
    const response = await call('GET', '/api/views/compass?date=2026-13-01');
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ field: 'date' });
  });

  it('shows only the caller own days', async () => {
    const owner = await member();
    const other = await member();
    await seedCompass(owner.userId, '2026-06-01');
    expect((await owner.call<CompassViewResponse>('GET', '/api/views/compass?date=2026-06-01')).json.days[0]!.mood).toBe(70);
    const view = await other.call<CompassViewResponse>('GET', '/api/views/compass?date=2026-06-01');
    expect(view.json.days[0]!.mood).toBeNull();
  });
});
