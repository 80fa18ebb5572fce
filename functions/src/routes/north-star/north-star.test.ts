import type { NarrativeVersion, NorthStarResponse } from '@meld/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, localDate } from '../../domain/compass/local-time.ts';
import { coachReply } from '../../domain/north-star/__fixtures__/evidence.ts';
import { requestTime } from '../../http/clock.ts';
import { startFakeOpenAI } from '../../providers/llm/__fakes__/openai-server.ts';
import type { FakeServer } from '../../providers/llm/__fakes__/sse-server.ts';
import { indexesSettled, inOneRateWindow, startApi, type Api } from '../api-test-kit.ts';
import { entry, seedInteraction, zonedMember } from '../interactions/__fixtures__/days.ts';

/**
 * The coach is an OpenAI-compatible endpoint pointed at a local fake that answers with the
 * narrative JSON, unless the member's records hold the word UNREADABLE: then it answers prose.
 */
let api: Api;
let coach: FakeServer;

type CoachRequest = { messages: { role: string; content: string }[] };
const promptOf = (body: unknown) => (body as CoachRequest).messages.map((message) => message.content).join('\n');

beforeAll(async () => {
  coach = await startFakeOpenAI({ reply: (body) => [promptOf(body).includes('UNREADABLE') ? 'What a lovely month you had!' : JSON.stringify(coachReply())] });
  api = await startApi({
    config: {
      endpoints: { demo: { enabled: true }, openAI: { apiKey: 'sk-coach', baseURL: `${coach.url}/v1`, models: ['gpt-4o-mini'] } },
      coach: { endpoint: 'openAI', model: 'gpt-4o-mini' },
      rateLimits: { northStar: { max: 2, windowMinutes: 60 } },
    },
  });
}, 30_000);

afterAll(async () => {
  await api?.stop();
  await coach?.close();
});

/** The day on the request clock, which inOneRateWindow may have moved past midnight. */
const today = () => localDate(requestTime(), 'UTC');

/** A member in UTC with compass days (and an evening reflection) on `days` of the days before today. */
async function memberWithDays(days: number, note = 'Prepare the board deck') {
  const me = await zonedMember(api.client(), 'UTC');
  for (let back = 1; back <= days; back++) {
    const date = addDays(today(), -back);
    await seedInteraction(me.userId, entry('mood', 70, date));
    await seedInteraction(me.userId, entry('energy', 60, date));
    await seedInteraction(me.userId, entry('note', `${note} ${back}`, date));
  }
  await seedInteraction(me.userId, entry('evening-reflection', 'The deck came together after a walk.', addDays(today(), -1)));
  return me;
}

describe('the North-Star narrative', () => {
  it('says there is not enough data yet, and what is missing, instead of asking the coach', async () => {
    const me = await memberWithDays(2);
    const before = coach.requests.length;
    const view = await me.call<NorthStarResponse>('GET', '/api/north-star');
    expect(view.status).toBe(200);
    expect(view.json).toMatchObject({ status: 'insufficient-data', narrative: null, versions: [], readiness: { windowDays: 45, daysWithEntries: 2, daysNeeded: 3, coachConfigured: true, canGenerate: false } });
    const refused = await me.call<{ message: string }>('POST', '/api/north-star/regenerate');
    expect(refused.status).toBe(422);
    expect(refused.json.message).toBe('Your narrative needs entries on 5 days of the last 45; you have 2.');
    expect(coach.requests.length).toBe(before);
  });

  it('regenerates a version with the coach from the member’s last 45 days and shows it as the latest', async () => {
    inOneRateWindow(60);
    const me = await memberWithDays(6);
    expect((await me.call<NorthStarResponse>('GET', '/api/north-star')).json.status).toBe('not-generated');
    const made = await me.call<NorthStarResponse>('POST', '/api/north-star/regenerate');
    expect(made.status).toBe(200);
    const prompt = promptOf(coach.requests.at(-1)!.body);
    expect(prompt).toContain(`- ${addDays(today(), -1)} compass: mood 70/100; energy 60/100; intention: "Prepare the board deck 1"; evening reflection: "The deck came together after a walk."`);
    const narrative = made.json.narrative!;
    expect(narrative).toMatchObject({ headline: coachReply().headline, dominantValue: 'growth', source: 'model', changes: [] });
    expect(narrative.chapters.map((chapter) => chapter.id)).toEqual(['values', 'momentum', 'direction']);
    expect(narrative.goals).toEqual([
      { id: 'goal-1', title: 'Lead the next launch', alignment: 'strong', nextStep: 'Ask for the launch lead role on Monday.', chatId: null, completed: false },
      { id: 'goal-2', title: 'Protect morning focus', alignment: 'drifting', nextStep: 'Block 9 to 11 on three days.', chatId: null, completed: false },
    ]);
    expect(narrative.dataSources.map((source) => [source.key, source.count])).toEqual([['compass', 6], ['evening', 1]]);
    expect(narrative.confidenceFactors).toEqual({ coverage: 13, consistency: 22, recency: 93, conflicting: 0 });

    const second = await me.call<NorthStarResponse>('POST', '/api/north-star/regenerate');
    const latest = await me.call<NorthStarResponse>('GET', '/api/north-star');
    expect(latest.json.narrative!.id).toBe(second.json.narrative!.id);
    expect(latest.json.versions.map((version) => version.id)).toEqual([second.json.narrative!.id, narrative.id]);

    // Each regenerate asks the coach for a long answer: a third within the hour is refused.
    const third = await me.call<NorthStarResponse>('POST', '/api/north-star/regenerate');
    expect(third.status).toBe(429);
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('reads the member’s fragments and woven reflections too: today’s fragment makes the fifth day', async () => {
    const me = await memberWithDays(4);
    expect((await me.call<NorthStarResponse>('GET', '/api/north-star')).json.readiness.daysNeeded).toBe(1);
    const fragment = await me.call<{ id: string }>('POST', '/api/fragments', { content: 'I learned that asking early saves weeks.' });
    expect(fragment.status).toBe(201);
    expect((await me.call('POST', '/api/fragments/weave', { fragmentIds: [fragment.json.id], title: 'On asking', body: 'Asking early is a habit now.' })).status).toBe(201);
    // Fragments and weaves are read by date through an index, which in AWS has them within a second.
    await indexesSettled();
    const made = await me.call<NorthStarResponse>('POST', '/api/north-star/regenerate');
    expect(made.status).toBe(200);
    expect(made.json.narrative!.dataSources.map((source) => [source.key, source.count, source.date])).toEqual([
      ['compass', 4, addDays(today(), -1)],
      ['evening', 1, addDays(today(), -1)],
      ['woven', 1, today()],
      ['fragments', 1, today()],
    ]);
    const prompt = promptOf(coach.requests.at(-1)!.body);
    expect(prompt).toContain(`- ${today()} fragment (insight): "I learned that asking early saves weeks."`);
    expect(prompt).toContain(`- ${today()} woven reflection "On asking": "Asking early is a habit now."`);
  });

  it('saves an edited chapter and a goal’s completion on that version', async () => {
    const me = await memberWithDays(5);
    const { narrative } = (await me.call<NorthStarResponse>('POST', '/api/north-star/regenerate')).json;
    const id = narrative!.id;
    const edited = await me.call<NarrativeVersion>('PATCH', `/api/north-star/versions/${id}/chapters/momentum`, { content: '  Slower weeks, better decisions.  ' });
    expect(edited.status).toBe(200);
    expect(edited.json.chapters[1]).toMatchObject({ content: 'Slower weeks, better decisions.', isEdited: true, wordCount: 4 });
    const toggled = await me.call<NarrativeVersion>('PATCH', `/api/north-star/versions/${id}/goals/goal-2`, { completed: true });
    expect(toggled.json.goals.map((goal) => goal.completed)).toEqual([false, true]);

    const reread = await me.call<NarrativeVersion>('GET', `/api/north-star/versions/${id}`);
    expect(reread.json.chapters[1]).toMatchObject({ isEdited: true, wordCount: 4 });
    expect(reread.json.chapters[0]!.isEdited).toBe(false);
    expect(reread.json.goals[1]!.completed).toBe(true);

    const empty = await me.call<{ field: string }>('PATCH', `/api/north-star/versions/${id}/chapters/momentum`, { content: '   ' });
    expect(empty.status).toBe(400);
    expect((await me.call('PATCH', `/api/north-star/versions/${id}/goals/goal-7`, { completed: true })).status).toBe(404);
  });

  it('answers 404 for another member’s version, its chapters and its goals', async () => {
    const owner = await memberWithDays(5);
    const id = (await owner.call<NorthStarResponse>('POST', '/api/north-star/regenerate')).json.narrative!.id;
    const other = await zonedMember(api.client(), 'UTC');
    expect((await other.call('GET', `/api/north-star/versions/${id}`)).status).toBe(404);
    expect((await other.call('PATCH', `/api/north-star/versions/${id}/chapters/values`, { content: 'Mine now' })).status).toBe(404);
    expect((await other.call('PATCH', `/api/north-star/versions/${id}/goals/goal-1`, { completed: true })).status).toBe(404);
    const untouched = await owner.call<NarrativeVersion>('GET', `/api/north-star/versions/${id}`);
    expect(untouched.json.chapters[0]!.isEdited).toBe(false);
    expect(untouched.json.goals[0]!.completed).toBe(false);
  });

  it('fails without a version when the coach answers twice with something that is not the narrative', async () => {
    const me = await memberWithDays(5, 'UNREADABLE plans');
    const before = coach.requests.length;
    const failed = await me.call<{ message: string }>('POST', '/api/north-star/regenerate');
    expect(failed.status).toBe(422);
    expect(failed.json.message).toBe('The coach could not write your narrative just now. Please try again in a minute.');
    expect(coach.requests.length).toBe(before + 2);
    expect((await me.call<NorthStarResponse>('GET', '/api/north-star')).json).toMatchObject({ status: 'not-generated', narrative: null });
  });
});
