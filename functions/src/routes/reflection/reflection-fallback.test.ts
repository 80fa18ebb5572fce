import type { CompassViewResponse, LogViewResponse } from '@meld/shared';
import { describe, expect, it } from 'vitest';
import { bankQuestion, QUESTION_BANK, stageFor } from '../../domain/reflection/stages.ts';
import { addDays } from '../../domain/compass/local-time.ts';
import { dbCalls, inOneRateWindow, useApi } from '../api-test-kit.ts';
import { eveningZone } from '../interactions/__fixtures__/days.ts';
import { reflectingMember } from './reflection-test-kit.ts';

/** No coach configured (the demo endpoint only); a small reflection rate limit to reach. */
const api = useApi({ config: { endpoints: { demo: { enabled: true } }, rateLimits: { reflection: { max: 4, windowMinutes: 10 } } } });

describe('reflection without a coach model', () => {
  it('asks the question bank’s question for the day’s stage when the member’s week holds nothing to draw on', async () => {
    const me = await reflectingMember(api().client());
    const answer = await me.question(me.today);
    const stage = stageFor(me.today);
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ question: bankQuestion(me.today, stage), stage, source: 'question-bank' });
    expect(QUESTION_BANK[stage]).toContain(answer.json.question);
  });

  it('stores a template summary on the evening reflection and answers with the completed day', async () => {
    const me = await reflectingMember(api().client());
    await me.compass(me.today, 60, 45, 'Call the mentor');
    const evening = await me.save(me.today, 'evening-reflection', 'The call helped. I have a plan now.');
    const answer = await me.summary(me.today, 'The call helped. I have a plan now.');
    expect(answer.status).toBe(200);
    const weekday = new Intl.DateTimeFormat('en-GB', { weekday: 'long', timeZone: 'UTC' }).format(new Date(`${me.today}T12:00:00Z`));
    const summary =
      `On ${weekday} you rated your mood Good (60/100) and your energy Focused (45/100). With no check-in in the six days before, it needs a few more days to compare with your own average. ` +
      `${weekday}’s check-in started a new streak. Your intention for the day was “Call the mentor”. In the evening you reflected: “The call helped.”`;
    expect(answer.json).toEqual({
      summary,
      source: 'template',
      day: expect.objectContaining({ date: me.today, eveningNote: 'The call helped. I have a plan now.', dailySummary: summary, reflectionInteractionId: evening._id, completion: { compass: true, reflection: true } }),
    });
    const stored = await me.call<{ interactionMeta: { type: string; generatedSummary?: string } }>('GET', `/api/interactions/${evening._id}`);
    expect(stored.json.interactionMeta).toMatchObject({ type: 'evening-reflection', generatedSummary: summary, summarySource: 'template' });
    expect(answer.json.day).toMatchObject({ summarySource: 'template', summaryStale: false });
  });

  it('marks the summary out of date once the morning is edited, labels it a summary in the Log, and is current once written again', async () => {
    const me = await reflectingMember(api().client());
    await me.compass(me.today, 100, 85, 'Launch day');
    await me.save(me.today, 'evening-reflection', 'It went well.');
    await me.summary(me.today, 'It went well.');
    await me.compass(me.today, 45, 25, 'Launch day');
    const view = await me.call<CompassViewResponse>('GET', `/api/views/compass?date=${me.today}`);
    expect(view.json.days[0]).toMatchObject({ mood: 45, energy: 25, summaryStale: true, dailySummary: expect.stringContaining('(100/100)') });
    const log = await me.call<LogViewResponse>('GET', `/api/views/log?month=${me.today.slice(0, 7)}`);
    expect(log.json.entries.find((entry) => entry.type === 'reflection')).toMatchObject({ echoSource: 'template' });

    const again = await me.summary(me.today, 'It went well.');
    expect(again.json.day).toMatchObject({ summaryStale: false, dailySummary: expect.stringContaining('(45/100)') });
  });

  it('records who wrote a summary itself: a request cannot claim a model wrote it, and a summary the browser writes has no author', async () => {
    const me = await reflectingMember(api().client());
    await me.compass(me.today, 60, 45, 'Call the mentor');
    const evening = await me.save(me.today, 'evening-reflection', 'It helped.');
    await me.summary(me.today, 'It helped.');
    const meta = async () => (await me.call<{ interactionMeta: Record<string, unknown> }>('GET', `/api/interactions/${evening._id}`)).json.interactionMeta;
    await me.call('PUT', `/api/interactions/${evening._id}`, { interactionMeta: { summarySource: 'model', summarizedAt: '2099-01-01T00:00:00.000Z' } });
    expect(await meta()).toMatchObject({ summarySource: 'template' });
    expect((await meta()).summarizedAt).not.toBe('2099-01-01T00:00:00.000Z');
    await me.call('PUT', `/api/interactions/${evening._id}`, { interactionMeta: { generatedSummary: 'My own words.' } });
    const written = await meta();
    expect(written).toMatchObject({ generatedSummary: 'My own words.' });
    expect(written.summarySource).toBeUndefined();
  });

  it('answers 404 for a summary before the evening reflection is saved, and stores nothing', async () => {
    const me = await reflectingMember(api().client());
    await me.compass(me.today, 50, 50, 'Focus');
    const answer = await me.summary(me.today, 'Not saved yet');
    expect([answer.status, answer.json.message]).toEqual([404, `Save the evening reflection for ${me.today} before asking for its summary.`]);
    const view = await me.call<{ days: { dailySummary: string | null }[] }>('GET', `/api/views/compass?date=${me.today}`);
    expect(view.json.days[0]!.dailySummary).toBeNull();
  });

  it('keeps one user’s evening to themselves: another user’s summary request finds no evening', async () => {
    const zone = eveningZone();
    const owner = await reflectingMember(api().client(), zone);
    const other = await reflectingMember(api().client(), zone);
    await owner.save(zone.today, 'evening-reflection', 'Mine.');
    expect((await other.summary(zone.today, 'Mine.')).status).toBe(404);
  });

  it('answers 400 naming the field for bad input', async () => {
    const me = await reflectingMember(api().client());
    expect((await me.question('2026-02-30')).json).toMatchObject({ field: 'date' });
    expect((await me.question(undefined)).json).toMatchObject({ field: 'date' });
    expect((await me.summary('2026-06-07', '   ')).json).toMatchObject({ field: 'eveningReflectionText', message: 'Evening reflection text is required' });
    expect((await me.summary('2026-06-07', 'x'.repeat(10_001))).json.field).toBe('eveningReflectionText');
    expect((await me.summary('June 7', 'Fine')).json.field).toBe('date');
  });

  it('answers 429 RATE_LIMITED once the user has asked too often', async () => {
    inOneRateWindow(10);
    const me = await reflectingMember(api().client());
    for (let i = 0; i < 4; i++) expect((await me.question(me.today)).status).toBe(200);
    const refused = await me.question(me.today);
    expect([refused.status, refused.json.code]).toEqual([429, 'RATE_LIMITED']);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await me.summary(me.today, 'Still here')).status).toBe(429);
    // The limit is per user: someone else still gets a question.
    const someoneElse = await reflectingMember(api().client());
    expect((await someoneElse.question(someoneElse.today)).status).toBe(200);
  });

  it('asks a question in eight database calls and stores a summary in eleven, reading the member’s week', async () => {
    const me = await reflectingMember(api().client());
    await me.save(me.today, 'evening-reflection', 'Counted.');
    // Both read the profile, the ban check and the rate limit, then the member's week: its days (the
    // index and the recent writes beside it), the wins vault and the week's fragments; the summary's
    // save keeps a recent copy.
    expect(dbCalls(await me.question(me.today))).toBe(8);
    expect(dbCalls(await me.summary(me.today, 'Counted.'))).toBe(11);
  });

  it('refuses a question or a summary for a day other than the user’s today, naming date, and stores nothing', async () => {
    const me = await reflectingMember(api().client());
    const yesterday = addDays(me.today, -1);
    const evening = await me.save(yesterday, 'evening-reflection', 'Yesterday went fine.');
    for (const answer of [await me.question(yesterday), await me.question(addDays(me.today, 1)), await me.summary(yesterday, 'Yesterday went fine.')]) {
      expect([answer.status, answer.json.code, answer.json.field]).toEqual([400, 'VALIDATION_ERROR', 'date']);
    }
    const stored = await me.call<{ interactionMeta: { generatedSummary?: string } }>('GET', `/api/interactions/${evening._id}`);
    expect(stored.json.interactionMeta.generatedSummary).toBeUndefined();
  });

  it('answers 401 without a token', async () => {
    const response = await api().client().request('POST', '/api/reflection/generate-question', { json: { date: '2026-06-09' } });
    expect(response.status).toBe(401);
  });
});
