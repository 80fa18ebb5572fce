import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI } from '../../providers/llm/__fakes__/openai-server.ts';
import type { FakeServer } from '../../providers/llm/__fakes__/sse-server.ts';
import { dbCalls, startApi, type Api } from '../api-test-kit.ts';
import { addDays, localDate } from '../../domain/compass/local-time.ts';
import { STAGE_FOCUS, stageFor } from '../../domain/reflection/stages.ts';
import { reflectingMember } from './reflection-test-kit.ts';

/**
 * The coach is an OpenAI-compatible endpoint pointed at a local fake. The app config is the
 * process's, so the API whose coach always fails starts only after the first one stopped.
 */
let api: Api;
let broken: Api;
let coach: FakeServer;
let failing: FakeServer;

const COACH_REPLY = ['Nice', ' day!', ' What', ' made', ' the', ' budget', ' review', ' feel', ' lighter', ' than', ' you', ' feared?'];

const coachConfig = (server: FakeServer) => ({
  endpoints: { demo: { enabled: true }, openAI: { apiKey: 'sk-coach', baseURL: `${server.url}/v1`, models: ['gpt-4o-mini'] } },
  coach: { endpoint: 'openAI', model: 'gpt-4o-mini' },
});


type CoachRequest = { model: string; messages: { role: string; content: string }[] };
const lastRequest = (server: FakeServer) => server.requests.at(-1)!.body as CoachRequest;

describe('the coach model', () => {
  beforeAll(async () => {
    coach = await startFakeOpenAI({ tokens: COACH_REPLY });
    api = await startApi({ config: coachConfig(coach) });
  }, 30_000);

  afterAll(async () => {
    await api?.stop();
    await coach?.close();
  });

  it('writes the question from the day’s mood, energy and note and the previous days, at the day’s stage', async () => {
    const me = await reflectingMember(api.client());
    const { today } = me;
    const twoDaysAgo = addDays(today, -2);
    await me.compass(twoDaysAgo, 40, 55, 'Prepare the board deck');
    await me.save(twoDaysAgo, 'evening-reflection', 'The deck came together after a walk.');
    await me.compass(today, 65, 30, 'Get through the budget review calmly');
    const before = coach.requests.length;
    const answer = await me.question(today);
    expect(answer.status).toBe(200);
    // The profile read (the user's today), the ban check, the rate-limit hit and, for the eight days, the index and the recent writes.
    expect(dbCalls(answer)).toBe(6);
    expect(answer.json).toEqual({ question: 'What made the budget review feel lighter than you feared?', stage: stageFor(today), source: 'model' });
    expect(coach.requests.length).toBe(before + 1);
    const request = lastRequest(coach);
    expect(request.model).toBe('gpt-4o-mini');
    const prompt = request.messages.map((message) => message.content).join('\n');
    expect(prompt).toContain(`Today (${today}): mood 65/100; energy 30/100; intention note: "Get through the budget review calmly"`);
    expect(prompt).toContain(`- ${twoDaysAgo}: mood 40/100; energy 55/100; intention note: "Prepare the board deck"; evening reflection: "The deck came together after a walk."`);
    expect(prompt).not.toContain(addDays(today, -1));
    expect(request.messages[0]).toMatchObject({ role: 'system' });
    expect(request.messages[0]!.content).toMatch(/No affirmation/);
  });

  it('asks each member at the stage of their own today, with that stage’s focus', async () => {
    // Far west and far east of the date line: their calendar days always differ.
    const focus = [];
    for (const timeZone of ['Pacific/Pago_Pago', 'Pacific/Kiritimati']) {
      const me = await reflectingMember(api.client(), { timeZone, today: localDate(new Date(), timeZone) });
      const answer = await me.question(me.today);
      expect(answer.json.stage).toBe(stageFor(me.today));
      focus.push(lastRequest(coach).messages[0]!.content);
      expect(focus.at(-1)).toContain(STAGE_FOCUS[stageFor(me.today)]);
    }
    expect(new Set(focus).size).toBe(2);
  });

  it('writes the summary from the day and the evening text, stores it on the evening reflection and answers with the day', async () => {
    const me = await reflectingMember(api.client());
    const { today } = me;
    await me.compass(today, 80, 70, 'Ship the onboarding flow');
    const evening = await me.save(today, 'evening-reflection', 'Shipped it, and two users wrote to say thanks.');
    const answer = await me.summary(today, 'Shipped it, and two users wrote to say thanks.');
    expect(answer.status).toBe(200);
    const summary = COACH_REPLY.join('');
    expect(answer.json).toMatchObject({ summary, source: 'model', day: { date: today, mood: 80, energy: 70, dailySummary: summary, reflectionInteractionId: evening._id } });
    const prompt = lastRequest(coach).messages.map((message) => message.content).join('\n');
    expect(prompt).toContain('mood 80/100; energy 70/100; intention note: "Ship the onboarding flow"');
    expect(prompt).toContain('Evening reflection: "Shipped it, and two users wrote to say thanks."');
    const stored = await me.call<{ interactionMeta: { generatedSummary?: string } }>('GET', `/api/interactions/${evening._id}`);
    expect(stored.json.interactionMeta.generatedSummary).toBe(summary);
    const view = await me.call<{ days: { dailySummary: string | null }[] }>('GET', `/api/views/compass?date=${today}`);
    expect(view.json.days[0]!.dailySummary).toBe(summary);
  });

});

describe('a failing coach model', () => {
  beforeAll(async () => {
    failing = await startFakeOpenAI({ status: 500 });
    broken = await startApi({ config: coachConfig(failing) });
  }, 30_000);

  afterAll(async () => {
    await broken?.stop();
    await failing?.close();
  });

  it('answers from the question bank and the template when the coach fails', async () => {
    const me = await reflectingMember(broken.client());
    await me.compass(me.today, 50, 50, 'Rest');
    await me.save(me.today, 'evening-reflection', 'I rested.');
    const before = failing.requests.length;
    expect((await me.question(me.today)).json).toMatchObject({ source: 'question-bank', stage: stageFor(me.today) });
    const summary = await me.summary(me.today, 'I rested.');
    expect(summary.json).toMatchObject({ source: 'template', day: { dailySummary: summary.json.summary } });
    expect(failing.requests.length).toBeGreaterThan(before);
  });
});
