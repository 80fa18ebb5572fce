import type { CreateInteractionBody, Interaction } from '@meld/shared';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../domain/compass/local-time.ts';
import { dbCalls, indexesSettled, useApi } from '../api-test-kit.ts';
import { eveningZone, morningZone, seedInteraction, zonedMember } from './__fixtures__/days.ts';

const api = useApi();
/** Saves go to today, in a zone where it is evening now, so the evening check-in is open too. */
const { timeZone, today } = eveningZone();
const member = (zone = timeZone) => zonedMember(api().client(), zone);

function mood(overrides: Partial<CreateInteractionBody> = {}): CreateInteractionBody {
  return {
    kind: 'compass',
    promptText: 'How is your mood?',
    numericAnswer: 70,
    captureMethod: 'slider',
    interactionMeta: { type: 'mood', scale: 100 },
    date: today,
    ...overrides,
  };
}

const evening = (overrides: Partial<CreateInteractionBody> = {}): CreateInteractionBody => ({
  kind: 'reflection',
  promptText: 'What went well today?',
  responseText: 'I finished the draft.',
  captureMethod: 'text',
  interactionMeta: { type: 'evening-reflection', generatedQuestion: 'What went well today?' },
  date: today,
  ...overrides,
});

describe('interactions', () => {
  it('saves an interaction and reads it back by id', async () => {
    const { call } = await member();
    const created = await call<Interaction>('POST', '/api/interactions', mood());
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ kind: 'compass', numericAnswer: 70, date: today, interactionMeta: { type: 'mood', scale: 100 } });
    expect(Date.parse(created.json.capturedAt)).not.toBeNaN();
    // Profile read, the zone remembered (the first request sent it), the put and its recent copy (for the day's reads).
    expect(dbCalls(created)).toBe(5);
    expect(dbCalls(await call('POST', '/api/interactions', mood()))).toBe(4);
    const read = await call<Interaction>('GET', `/api/interactions/${created.json._id}`);
    expect(read.json).toEqual(created.json);
    expect(dbCalls(read)).toBe(2);
  });

  it('answers a retried save with the first interaction instead of a duplicate', async () => {
    const { call } = await member();
    const first = await call<Interaction>('POST', '/api/interactions', mood({ clientRequestId: 'save-1' }));
    expect(dbCalls(first)).toBe(6);
    const retry = await call<Interaction>('POST', '/api/interactions', mood({ clientRequestId: 'save-1', numericAnswer: 95 }));
    expect(retry.status).toBe(201);
    expect(retry.json).toEqual(first.json);
    // Profile read, claim, claim read, first save read.
    expect(dbCalls(retry)).toBe(5);
    await indexesSettled();
    const list = await call<{ interactions: Interaction[] }>('GET', '/api/interactions');
    expect(list.json.interactions).toHaveLength(1);
  });

  it('refuses a slider value out of range or off the 5-step, naming numericAnswer', async () => {
    const { call } = await member();
    for (const numericAnswer of [101, -5, 72, 50.5]) {
      const response = await call('POST', '/api/interactions', mood({ numericAnswer }));
      expect(response.status).toBe(400);
      expect(response.json).toMatchObject({ code: 'VALIDATION_ERROR', field: 'numericAnswer' });
    }
    const missing = await call('POST', '/api/interactions', mood({ numericAnswer: undefined }));
    expect(missing.json).toMatchObject({ field: 'numericAnswer' });
  });

  it('refuses an unknown kind, a date that is not a calendar day and an empty evening reflection', async () => {
    const { call } = await member();
    const kind = await call('POST', '/api/interactions', { ...mood(), kind: 'diary' });
    expect(kind.status).toBe(400);
    expect(kind.json).toMatchObject({ field: 'kind', message: expect.stringContaining('unknown kind') });
    for (const date of ['2026-02-30', '22-11-2026', '']) {
      const response = await call('POST', '/api/interactions', mood({ date }));
      expect(response.status).toBe(400);
      expect(response.json).toMatchObject({ field: 'date' });
    }
    const empty = await call('POST', '/api/interactions', evening({ responseText: '   ' }));
    expect(empty.json).toMatchObject({ field: 'responseText' });
  });

  it('returns 404 for another user interaction, on read and on update', async () => {
    const owner = await member();
    const other = await member();
    const created = await owner.call<Interaction>('POST', '/api/interactions', mood());
    const path = `/api/interactions/${created.json._id}`;
    expect((await other.call('GET', path)).status).toBe(404);
    expect((await other.call('PUT', path, { numericAnswer: 10 })).status).toBe(404);
    expect((await owner.call<Interaction>('GET', path)).json.numericAnswer).toBe(70);
    expect((await owner.call('GET', '/api/interactions/no-such-id')).status).toBe(404);
  });

  it('updates the sent fields and merges interactionMeta, keeping the generated question', async () => {
    const { call } = await member();
    const created = await call<Interaction>('POST', '/api/interactions', evening());
    const path = `/api/interactions/${created.json._id}`;
    const updated = await call<Interaction>('PUT', path, { responseText: 'I finished and sent the draft.', interactionMeta: { generatedSummary: 'A productive day.' } });
    expect(updated.status).toBe(200);
    expect(updated.json).toMatchObject({
      _id: created.json._id,
      capturedAt: created.json.capturedAt,
      responseText: 'I finished and sent the draft.',
      interactionMeta: { type: 'evening-reflection', generatedQuestion: 'What went well today?', generatedSummary: 'A productive day.' },
    });
    // Profile read, read, conditional put, its recent copy.
    expect(dbCalls(updated)).toBe(5);
    expect((await call('PUT', path, { numericAnswer: 101 })).json).toMatchObject({ field: 'numericAnswer' });
  });

  it('lists by capture time in either direction, filtered by kind and limited', async () => {
    const { call } = await member();
    const ids: string[] = [];
    for (const body of [mood(), evening(), mood({ numericAnswer: 40 })]) {
      ids.push((await call<Interaction>('POST', '/api/interactions', body)).json._id);
    }
    // The lists read indexes, which in AWS have a save within a second.
    await indexesSettled();
    const newest = await call<{ interactions: Interaction[] }>('GET', '/api/interactions');
    expect(newest.json.interactions.map((item) => item._id)).toEqual([...ids].reverse());
    expect(dbCalls(newest)).toBe(2);
    const compassOldest = await call<{ interactions: Interaction[] }>('GET', '/api/interactions?kind=compass&sortBy=capturedAt&sortDirection=asc&limit=1');
    expect(compassOldest.json.interactions.map((item) => item._id)).toEqual([ids[0]]);
    const reflections = await call<{ interactions: Interaction[] }>('GET', '/api/interactions?kind=reflection');
    expect(reflections.json.interactions.map((item) => item._id)).toEqual([ids[1]]);
    expect((await call('GET', '/api/interactions?limit=0')).json).toMatchObject({ field: 'limit' });
    expect((await call('GET', '/api/interactions?kind=diary')).json).toMatchObject({ field: 'kind' });
  });

  it('refuses a compass save for yesterday or tomorrow, naming date, and stores nothing', async () => {
    const { call } = await member();
    for (const date of [addDays(today, -1), addDays(today, 1)]) {
      const response = await call('POST', '/api/interactions', mood({ date }));
      expect(response.status).toBe(400);
      expect(response.json).toMatchObject({ code: 'VALIDATION_ERROR', field: 'date' });
    }
    expect((await call<{ interactions: Interaction[] }>('GET', '/api/interactions')).json.interactions).toEqual([]);
  });

  it('refuses the evening reflection before 3 PM on the user clock, while the morning compass saves', async () => {
    const morning = morningZone();
    const { call } = await member(morning.timeZone);
    const refused = await call('POST', '/api/interactions', evening({ date: morning.today }));
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ field: 'interactionMeta.type', message: 'The evening check-in opens after 3 PM today.' });
    expect((await call('POST', '/api/interactions', mood({ date: morning.today }))).status).toBe(201);
  });

  it('refuses to change a past day, or to move today to another day, naming date', async () => {
    const { userId, call } = await member();
    const past = await seedInteraction(userId, evening({ date: addDays(today, -2) }));
    const refused = await call('PUT', `/api/interactions/${past._id}`, { responseText: 'Rewritten history.' });
    expect([refused.status, (refused.json as { field?: string }).field]).toEqual([400, 'date']);
    expect((await call('PUT', `/api/interactions/${past._id}`, { date: today })).status).toBe(400);
    expect((await call<Interaction>('GET', `/api/interactions/${past._id}`)).json.responseText).toBe('I finished the draft.');

    const created = await call<Interaction>('POST', '/api/interactions', mood());
    const moved = await call('PUT', `/api/interactions/${created.json._id}`, { date: addDays(today, -1) });
    expect([moved.status, (moved.json as { field?: string }).field]).toEqual([400, 'date']);
    expect((await call<Interaction>('GET', `/api/interactions/${created.json._id}`)).json.date).toBe(today);
  });
});
