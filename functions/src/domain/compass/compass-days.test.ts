import { describe, expect, it } from 'vitest';
import { addDays } from './local-time.ts';
import { buildCompassDay, buildCompassView, viewWindowStart, type DayInteraction } from './compass-days.ts';

let seq = 0;
function answer(date: string, type: DayInteraction['interactionMeta']['type'], value: number | string, savedAt = `${date}T08:00:00.000Z`, extra: Partial<DayInteraction> = {}): DayInteraction {
  seq += 1;
  return {
    _id: `i${String(seq).padStart(4, '0')}`,
    date,
    interactionMeta: { type },
    capturedAt: savedAt,
    updatedAt: savedAt,
    ...(typeof value === 'number' ? { numericAnswer: value } : { responseText: value }),
    ...extra,
  };
}

/** Mood and energy on each of `count` days ending at `last`. */
function compassDays(last: string, count: number): DayInteraction[] {
  return Array.from({ length: count }, (_, back) => addDays(last, -back)).flatMap((date) => [answer(date, 'mood', 70), answer(date, 'energy', 60)]);
}

describe('buildCompassDay', () => {
  it('fills mood, energy, note, the evening note and the summary from the day interactions', () => {
    const evening = answer('2026-11-22', 'evening-reflection', 'A calm day.', undefined, { interactionMeta: { type: 'evening-reflection', generatedSummary: 'Calm and steady.' } });
    const mood = answer('2026-11-22', 'mood', 85);
    const energy = answer('2026-11-22', 'energy', 35);
    const note = answer('2026-11-22', 'note', 'Ship the release.');
    const day = buildCompassDay('2026-11-22', [evening, mood, energy, note]);
    expect(day).toEqual({
      date: '2026-11-22',
      mood: 85,
      energy: 35,
      note: 'Ship the release.',
      eveningNote: 'A calm day.',
      dailySummary: 'Calm and steady.',
      summarySource: null,
      summaryStale: false,
      reflectionInteractionId: evening._id,
      moodInteractionId: mood._id,
      energyInteractionId: energy._id,
      noteInteractionId: note._id,
      completion: { compass: true, reflection: true },
    });
  });

  it('says who wrote the summary, and that it is out of date once a morning answer is saved after it', () => {
    const summarized = { type: 'evening-reflection' as const, generatedSummary: 'Mood 100, energy 85.', summarySource: 'template' as const, summarizedAt: '2026-11-22T20:00:00.000Z' };
    const evening = answer('2026-11-22', 'evening-reflection', 'A big day.', '2026-11-22T20:00:00.000Z', { interactionMeta: summarized });
    const morning = [answer('2026-11-22', 'mood', 100), answer('2026-11-22', 'energy', 85), answer('2026-11-22', 'note', 'Launch.')];
    expect(buildCompassDay('2026-11-22', [evening, ...morning])).toMatchObject({ summarySource: 'template', summaryStale: false });
    // The member corrects this morning's energy at 21:00: the summary still says 85.
    const corrected = answer('2026-11-22', 'energy', 25, '2026-11-22T21:00:00.000Z');
    expect(buildCompassDay('2026-11-22', [evening, ...morning, corrected])).toMatchObject({ energy: 25, summaryStale: true });
    // Written again after the correction, it is current.
    const rewritten = { ...evening, interactionMeta: { ...summarized, summarySource: 'model' as const, summarizedAt: '2026-11-22T21:05:00.000Z' } };
    expect(buildCompassDay('2026-11-22', [rewritten, ...morning, corrected])).toMatchObject({ summarySource: 'model', summaryStale: false });
  });

  it('takes the latest save of a type when it was answered twice', () => {
    const early = answer('2026-11-22', 'mood', 40, '2026-11-22T07:00:00.000Z');
    const late = answer('2026-11-22', 'mood', 90, '2026-11-22T09:00:00.000Z');
    expect(buildCompassDay('2026-11-22', [late, early]).mood).toBe(90);
    expect(buildCompassDay('2026-11-22', [early, late]).moodInteractionId).toBe(late._id);
  });

  it('lets an edited earlier answer win over a later one saved before the edit', () => {
    const edited = answer('2026-11-22', 'energy', 80, '2026-11-22T07:00:00.000Z', { updatedAt: '2026-11-22T10:00:00.000Z' });
    const other = answer('2026-11-22', 'energy', 20, '2026-11-22T09:00:00.000Z');
    expect(buildCompassDay('2026-11-22', [other, edited]).energy).toBe(80);
  });

  it('is incomplete with mood alone, and an evening note without a summary has no summary yet', () => {
    const day = buildCompassDay('2026-11-22', [answer('2026-11-22', 'mood', 70), answer('2026-11-22', 'evening-reflection', 'Tired.')]);
    expect(day.completion).toEqual({ compass: false, reflection: true });
    expect(day.dailySummary).toBeNull();
  });

  it('ignores interactions of other days', () => {
    expect(buildCompassDay('2026-11-22', [answer('2026-11-21', 'mood', 70)]).mood).toBeNull();
  });
});

describe('buildCompassView streak', () => {
  const today = '2026-11-22';

  it('counts consecutive completed days back from today, today included', () => {
    const view = buildCompassView(today, today, compassDays(today, 4));
    expect(view.streak).toBe(4);
    expect(view.days.map((day) => day.date)).toEqual(['2026-11-22', '2026-11-21', '2026-11-20', '2026-11-19']);
  });

  it('keeps a streak that ended yesterday while today has no compass yet', () => {
    const view = buildCompassView(today, today, compassDays('2026-11-21', 3));
    expect(view.streak).toBe(3);
    expect(view.days[0]).toMatchObject({ date: today, mood: null, completion: { compass: false } });
    expect(view.days).toHaveLength(4);
  });

  it('stops at the first gap', () => {
    const interactions = [...compassDays(today, 2), ...compassDays('2026-11-19', 5)];
    expect(buildCompassView(today, today, interactions).streak).toBe(2);
  });

  it('is zero when neither today nor yesterday counts', () => {
    const view = buildCompassView(today, today, compassDays('2026-11-20', 5));
    expect(view.streak).toBe(0);
    expect(view.days.map((day) => day.date)).toEqual([today]);
  });

  it('does not count a day with mood but no energy', () => {
    const interactions = [...compassDays('2026-11-21', 2), answer(today, 'mood', 70)];
    const view = buildCompassView(today, today, interactions);
    expect(view.streak).toBe(2);
    expect(view.days[0]!.mood).toBe(70);
  });

  it('counts a past day from that day, and an empty past day breaks it (the day is over)', () => {
    expect(buildCompassView('2026-11-10', today, compassDays('2026-11-10', 3)).streak).toBe(3);
    expect(buildCompassView('2026-11-11', today, compassDays('2026-11-10', 3)).streak).toBe(0);
  });

  it('runs across month and year ends', () => {
    expect(buildCompassView('2027-01-02', '2027-01-02', compassDays('2027-01-02', 5)).days.at(-1)!.date).toBe('2026-12-29');
    expect(buildCompassView('2026-03-02', '2026-03-02', compassDays('2026-03-02', 4)).days.map((day) => day.date)).toEqual(['2026-03-02', '2026-03-01', '2026-02-28', '2026-02-27']);
  });

  it('returns at most the window of days, however long the streak', () => {
    const view = buildCompassView(today, today, compassDays(today, 90), 60);
    expect(view.days).toHaveLength(60);
    expect(view.streak).toBe(60);
    const graced = buildCompassView(today, today, compassDays('2026-11-21', 90), 60);
    expect(graced.days).toHaveLength(60);
    expect(graced.streak).toBe(59);
  });

  it('asks for a window that ends on the requested day and holds the maximum', () => {
    expect(viewWindowStart(today, 60)).toBe('2026-09-24');
    expect(viewWindowStart('2027-01-10', 60)).toBe('2026-11-12');
  });
});
