import { describe, expect, it, vi } from 'vitest';
import { narrativeChanges } from './changes.ts';
import { confidenceFactors, confidenceScore, dataSources, entryDays, readiness, windowStart } from './evidence.ts';
import { parseNarrativeReply } from './model-reply.ts';
import { buildVersion, editChapter, northStarView, regenerateNarrative, setGoalCompleted } from './north-star.ts';
import { coachReply, day, evidence, memoryStore, TODAY } from './__fixtures__/evidence.ts';

/** Seven days with entries in the window (2026-05-17 to 2026-06-30), and records outside it that must not count. */
const JUNE = evidence({
  days: [day('2026-05-10', 90, 90), day('2026-06-02', 50, 50), day('2026-06-20', 70, 65), day('2026-06-26', 60, 55, null, 'Calm day after the review.'), day('2026-06-28', 80, 30, 'Finish the deck')],
  wins: [
    { id: 'w-old', date: '2026-05-01', title: 'Old win', description: '' },
    { id: 'w-launch', date: '2026-06-29', title: 'Shipped the launch', description: 'On time.' },
  ],
  fragments: [
    { id: 'f-ask', date: '2026-06-10', content: 'I learned to ask earlier.', type: 'insight' },
    { id: 'f-dana', date: '2026-06-28', content: 'Call Dana about the roadmap', type: 'todo' },
  ],
  woven: [{ date: '2026-06-15', title: 'On asking', body: 'Asking early saves weeks.', fragmentIds: ['f-ask', 'f 2'] }],
});

describe('the narrative window', () => {
  it('is the 45 days ending today', () => {
    expect(windowStart(TODAY)).toBe('2026-05-17');
    expect(entryDays(JUNE)).toEqual(['2026-06-02', '2026-06-10', '2026-06-15', '2026-06-20', '2026-06-26', '2026-06-28', '2026-06-29']);
  });

  it('computes coverage, consistency, recency and conflicting signals from the records', () => {
    // 7 of 45 days; 5 of the nine 5-day blocks; latest entry yesterday; 1 of 4 rated days has mood 80 with energy 30.
    expect(confidenceFactors(JUNE)).toEqual({ coverage: 16, consistency: 56, recency: 93, conflicting: 25 });
    expect(confidenceScore(confidenceFactors(JUNE))).toBe(51);
  });

  it('lets recency fall to zero two weeks after the latest entry and reads no conflict without both sliders', () => {
    const stale = evidence({ days: [day('2026-06-10', 80, null), day('2026-06-12', null, 20)] });
    expect(confidenceFactors(stale)).toMatchObject({ recency: 0, conflicting: 0 });
  });

  it('lists each kind of record with its count, latest day and a preview of the latest entry', () => {
    expect(dataSources(JUNE)).toEqual([
      { type: 'reflection', key: 'compass', title: 'Daily compass check-ins', date: '2026-06-28', count: 4, preview: 'Finish the deck', link: '/today?date=2026-06-28' },
      { type: 'reflection', key: 'evening', title: 'Evening reflections', date: '2026-06-26', count: 1, preview: 'Calm day after the review.', link: '/today?date=2026-06-26' },
      { type: 'reflection', key: 'woven', title: 'Woven reflections', date: '2026-06-15', count: 1, preview: 'On asking: Asking early saves weeks.', link: '/fragments?select=f-ask,f%202' },
      { type: 'fragment', key: 'fragments', title: 'Fragments', date: '2026-06-28', count: 2, preview: 'Call Dana about the roadmap', link: '/fragments?id=f-dana' },
      { type: 'win', key: 'wins', title: 'Wins', date: '2026-06-29', count: 1, preview: 'Shipped the launch', link: '/library/wins-vault?win=w-launch' },
    ]);
  });

  it('says how many more days of entries a narrative needs, and that it needs a coach', () => {
    const thin = evidence({ days: [day('2026-06-29', 70, 60), day('2026-06-30', 75, 60)] });
    expect(readiness(thin, true)).toMatchObject({ daysWithEntries: 2, daysNeeded: 3, coachConfigured: true, canGenerate: false });
    expect(readiness(JUNE, false)).toMatchObject({ daysWithEntries: 7, daysNeeded: 0, coachConfigured: false, canGenerate: false });
    expect(readiness(JUNE, true).canGenerate).toBe(true);
  });
});

describe('the coach model’s reply', () => {
  it('is read from a fenced JSON block and keeps only highlights its chapter really says', () => {
    const parsed = parseNarrativeReply(`Here you go:\n\`\`\`json\n${JSON.stringify(coachReply())}\n\`\`\``);
    expect(parsed.ok).toBe(true);
    if (parsed.ok) expect(parsed.narrative.chapters[0]!.valueHighlights).toEqual([{ text: 'choosing the harder conversation', value: 'courage' }]);
  });

  it('is refused when it is not JSON, has two chapters or an unknown value', () => {
    expect(parseNarrativeReply('You are doing great!')).toEqual({ ok: false, problem: 'the reply holds no JSON object' });
    expect(parseNarrativeReply(JSON.stringify(coachReply({ chapters: coachReply().chapters.slice(0, 2) })))).toMatchObject({ ok: false, problem: expect.stringMatching(/^chapters:/) });
    expect(parseNarrativeReply(JSON.stringify({ ...coachReply(), dominantValue: 'ambition' }))).toMatchObject({ ok: false, problem: expect.stringMatching(/^dominantValue:/) });
  });
});

describe('changes between versions', () => {
  const first = buildVersion(coachReply(), JUNE, undefined, 'v1', new Date('2026-06-30T12:00:00Z'));

  it('are none for the first version', () => {
    expect(first.changes).toEqual([]);
  });

  it('name a new headline, a moved value, a renamed chapter, a new goal, a goal’s new alignment and a confidence move', () => {
    const reply = coachReply({
      headline: 'You lead from the front now.',
      dominantValue: 'courage',
      goals: [
        { title: 'lead the next launch', alignment: 'drifting', nextStep: 'Book the kickoff.' },
        { title: 'Mentor a new hire', alignment: 'emerging', nextStep: 'Offer a weekly half hour.' },
      ],
    });
    reply.chapters[1]!.title = 'Momentum, regained';
    const next = { ...buildVersion(reply, JUNE, first, 'v2', new Date()), confidence: first.confidence + 12 };
    expect(narrativeChanges(first, next)).toEqual([
      { type: 'change', target: 'headline', text: 'New headline' },
      { type: 'change', target: 'dominant-value', text: 'Dominant value moved from growth to courage' },
      { type: 'change', target: 'chapter:momentum', text: 'Chapter "Where the energy went" is now "Momentum, regained"' },
      { type: 'change', target: 'goal:goal-1', text: 'lead the next launch is now drifting' },
      { type: 'add', target: 'goal:goal-2', text: 'New goal: Mentor a new hire' },
      { type: 'change', target: 'confidence', text: `Confidence rose from ${first.confidence} to ${first.confidence + 12}` },
    ]);
  });
});

describe('regenerating the narrative', () => {
  const now = new Date('2026-06-30T12:00:00Z');
  const coach = (replies: string[]) => {
    const asked: unknown[] = [];
    return { asked, complete: async (turns: unknown) => (asked.push(turns), replies.shift() ?? '') };
  };
  const deps = (store: ReturnType<typeof memoryStore>, model: ReturnType<typeof coach> | undefined) => ({ store, coach: model, now, newId: () => `v-${store.versions.size + 1}`, onCoachError: () => {} });

  it('stores the coach’s version with its sources, factors and word counts, and asks again once after an unusable reply', async () => {
    const store = memoryStore();
    const model = coach(['Not JSON at all', JSON.stringify(coachReply())]);
    const view = await regenerateNarrative('u1', JUNE, deps(store, model));
    expect(model.asked).toHaveLength(2);
    expect(view.status).toBe('ready');
    expect(view.narrative).toMatchObject({ id: 'v-1', headline: coachReply().headline, confidence: 51, confidenceFactors: { coverage: 16 }, nextUpdateDue: '2026-07-07T12:00:00.000Z', source: 'model' });
    expect(view.narrative!.chapters.map((chapter) => [chapter.id, chapter.wordCount, chapter.isEdited])).toEqual([['values', 20, false], ['momentum', 21, false], ['direction', 22, false]]);
    expect(view.narrative!.dataSources).toHaveLength(5);
    expect(view.versions.map((version) => version.id)).toEqual(['v-1']);
  });

  it('fails after two unusable replies and stores nothing', async () => {
    const store = memoryStore();
    await expect(regenerateNarrative('u1', JUNE, deps(store, coach(['{}', '{"headline": 3}'])))).rejects.toMatchObject({ kind: 'unprocessable' });
    expect(store.versions.size).toBe(0);
  });

  it('does not ask again when the first answer came too slowly for a second to fit the request', async () => {
    const store = memoryStore();
    const model = coach(['Not JSON at all', JSON.stringify(coachReply())]);
    let clock = 0;
    const now = vi.spyOn(Date, 'now').mockImplementation(() => (clock += 9_000));
    try {
      await expect(regenerateNarrative('u1', JUNE, deps(store, model))).rejects.toMatchObject({ kind: 'unprocessable' });
    } finally {
      now.mockRestore();
    }
    expect(model.asked).toHaveLength(1);
    expect(store.versions.size).toBe(0);
  });

  it('refuses with too few days of entries or without a coach, and the view says what is missing', async () => {
    const thin = evidence({ days: [day('2026-06-30', 70, 60, 'Start')] });
    const store = memoryStore();
    const model = coach([JSON.stringify(coachReply())]);
    await expect(regenerateNarrative('u1', thin, deps(store, model))).rejects.toThrow('Your narrative needs entries on 5 days of the last 45; you have 1.');
    await expect(regenerateNarrative('u1', JUNE, deps(store, undefined))).rejects.toThrow(/not available in this pilot yet/);
    expect(model.asked).toHaveLength(0);
    expect(await northStarView('u1', thin, true, store)).toMatchObject({ status: 'insufficient-data', narrative: null, readiness: { daysNeeded: 4 } });
    expect(await northStarView('u1', JUNE, true, store)).toMatchObject({ status: 'not-generated' });
  });

  it('keeps a completed goal completed in the next version when the coach keeps its title', async () => {
    const store = memoryStore();
    await regenerateNarrative('u1', JUNE, deps(store, coach([JSON.stringify(coachReply())])));
    await setGoalCompleted('u1', 'v-1', 'goal-2', true, now, store);
    const view = await regenerateNarrative('u1', JUNE, deps(store, coach([JSON.stringify(coachReply())])));
    expect(view.narrative!.goals.map((goal) => goal.completed)).toEqual([false, true]);
    expect(view.versions.map((version) => version.id)).toEqual(['v-2', 'v-1']);
  });

  it('marks an edited chapter, recounts its words and drops highlights it no longer says', async () => {
    const store = memoryStore();
    await regenerateNarrative('u1', JUNE, deps(store, coach([JSON.stringify(coachReply())])));
    const edited = await editChapter('u1', 'v-1', 'values', 'I chose calm over speed this month.', now, store);
    expect(edited.chapters[0]).toMatchObject({ content: 'I chose calm over speed this month.', isEdited: true, wordCount: 7, valueHighlights: [] });
    await expect(editChapter('u1', 'missing', 'values', 'Text', now, store)).rejects.toMatchObject({ kind: 'not-found' });
    await expect(setGoalCompleted('u1', 'v-1', 'goal-9', true, now, store)).rejects.toMatchObject({ kind: 'not-found' });
  });
});
