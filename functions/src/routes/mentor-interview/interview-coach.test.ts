import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTERVIEW_STAGES } from '../../domain/mentor-interview/stages.ts';
import { startFakeOpenAI } from '../../providers/llm/__fakes__/openai-server.ts';
import type { FakeServer } from '../../providers/llm/__fakes__/sse-server.ts';
import { startApi, type Api } from '../api-test-kit.ts';
import { invitedMentor, signUpAdmin } from './interview-test-kit.ts';

/**
 * The coach is an OpenAI-compatible endpoint pointed at a local fake that answers each prompt
 * in kind. The app config is the process's, so the API with a failing coach starts only after
 * the first one stopped.
 */
type CoachRequest = { messages: { role: string; content: string }[] };
const promptOf = (body: unknown) => (body as CoachRequest).messages.map((message) => message.content).join('\n');

const INSIGHTS = 'Your answers keep returning to one idea. When you said "I counted every step twice", you named how you lead.\n\nThe people you mentor will learn care from you.';

function coachReply(body: unknown): string[] {
  const prompt = promptOf(body);
  if (prompt.includes('The interview is finished')) return [INSIGHTS];
  if (prompt.includes('welcome text')) return ['Your years as a Rear Admiral at US Navy are exactly what new engineers need to hear about. Six questions, at your pace.'];
  const stage = /Write question (\d)/.exec(prompt)?.[1];
  // Asked for a different question, this coach repeats the rejected one: the bank must answer.
  if (prompt.includes('Do not ask these questions again')) return [`PREAMBLE: Let us try again.\nQUESTION: What shaped you at stage ${stage}?`];
  if (stage === '5') return ['I am not sure what to ask.'];
  return [`PREAMBLE: Thank you for telling me that, it stays with me.\nQUESTION: What shaped you at stage ${stage}?`];
}

const coachConfig = (server: FakeServer) => ({
  endpoints: { demo: { enabled: true }, openAI: { apiKey: 'sk-coach', baseURL: `${server.url}/v1`, models: ['gpt-4o-mini'] } },
  coach: { endpoint: 'openAI', model: 'gpt-4o-mini' },
});

describe('the coach model', () => {
  let api: Api;
  let coach: FakeServer;

  beforeAll(async () => {
    coach = await startFakeOpenAI({ reply: coachReply });
    api = await startApi({ config: coachConfig(coach) });
  }, 30_000);

  afterAll(async () => {
    await api?.stop();
    await coach?.close();
  });

  it('writes the welcome introduction from the mentor’s profile once, and keeps it', async () => {
    const mentor = await invitedMentor(api.client(), await signUpAdmin(api.client()));
    const intro = await mentor.intro();
    expect(intro.json).toEqual({ introduction: expect.stringContaining('Rear Admiral at US Navy'), source: 'model' });
    expect(promptOf(coach.requests.at(-1)!.body)).toContain('First name: Grace');
    // No speech engine here: the model is asked for writing only, never voice.
    expect(promptOf(coach.requests.at(-1)!.body)).toContain('questions they answer in writing (do not mention voice');
    expect(promptOf(coach.requests.at(-1)!.body)).not.toContain('by voice');
    const calls = coach.requests.length;
    expect((await mentor.intro()).json).toEqual(intro.json);
    expect(coach.requests.length).toBe(calls);
  });

  it('writes each question and its preamble from the role and the answers so far', async () => {
    const mentor = await invitedMentor(api.client(), await signUpAdmin(api.client()));
    const first = await mentor.response(1);
    expect(first.json).toMatchObject({ question: 'What shaped you at stage 1?', preamble: 'Thank you for telling me that, it stays with me.', supporting_text: INTERVIEW_STAGES[0]!.supportingText });
    expect(promptOf(coach.requests.at(-1)!.body)).toContain('Role: works as Rear Admiral at US Navy');

    await mentor.save(1, { response_text: 'Saved before the preload.', status: 'submitted' });
    const next = await mentor.question({ previous_stage_id: 1, answer_text: 'I found the first bug, a real moth.' });
    expect(next.json).toMatchObject({ stage_id: 2, question: 'What shaped you at stage 2?', source: 'model' });
    const prompt = promptOf(coach.requests.at(-1)!.body);
    expect(prompt).toContain('Write question 2 of 6');
    expect(prompt).toContain('Answer: "I found the first bug, a real moth."');
    expect(prompt).not.toContain('Saved before the preload.');
  });

  it('falls back to the bank when the reply holds no question, or repeats the one turned down', async () => {
    const mentor = await invitedMentor(api.client(), await signUpAdmin(api.client()));
    expect((await mentor.question({ previous_stage_id: 4, answer_text: 'Four' })).json).toMatchObject({ stage_id: 5, question: INTERVIEW_STAGES[4]!.questions[0], source: 'question-bank' });

    const rejected = (await mentor.response(3)).json.question;
    await mentor.save(3, { status: 'rejected', rejection_reason: 'Already told this story' });
    const replaced = await mentor.question({ previous_stage_id: 2, force_regenerate: true });
    expect(promptOf(coach.requests.at(-1)!.body)).toContain(`- ${rejected}`);
    expect(replaced.json).toMatchObject({ stage_id: 3, source: 'question-bank' });
    expect(replaced.json.question).not.toBe(rejected);
  });

  it('writes the insights quoting the mentor, and stores them for the admin', async () => {
    const admin = await signUpAdmin(api.client());
    const mentor = await invitedMentor(api.client(), admin);
    await mentor.answerAll((stage) => `Stage ${stage}: I counted every step twice.`);
    const answer = await mentor.insights();
    expect(answer.json).toEqual({ insights: INSIGHTS, source: 'model' });
    const prompt = promptOf(coach.requests.at(-1)!.body);
    for (const stage of [1, 2, 3, 4, 5, 6]) expect(prompt).toContain(`"Stage ${stage}: I counted every step twice."`);
    const listed = await admin<{ _id: string; insights: string | null; status: string }[]>('GET', '/api/mentor-interest');
    expect(listed.json.find((mentorRecord) => mentorRecord._id === mentor.id)).toMatchObject({ insights: INSIGHTS, status: 'submitted' });
  });
});

describe('a failing coach model', () => {
  let api: Api;
  let failing: FakeServer;

  beforeAll(async () => {
    failing = await startFakeOpenAI({ status: 500 });
    api = await startApi({ config: coachConfig(failing) });
  }, 30_000);

  afterAll(async () => {
    await api?.stop();
    await failing?.close();
  });

  it('answers from the bank, the default introduction and the summary', async () => {
    const mentor = await invitedMentor(api.client(), await signUpAdmin(api.client()), { firstName: 'Mary' });
    const before = failing.requests.length;
    expect((await mentor.intro()).json).toMatchObject({ source: 'default', introduction: expect.stringContaining('your work as Rear Admiral at US Navy') });
    expect((await mentor.question({ previous_stage_id: 0 })).json).toMatchObject({ stage_id: 1, question: INTERVIEW_STAGES[0]!.questions[0], source: 'question-bank' });
    await mentor.answerAll((stage) => `Plain answer ${stage}.`);
    const insights = await mentor.insights();
    expect(insights.json.source).toBe('summary');
    expect(insights.json.insights).toContain('“Plain answer 6.”');
    expect(failing.requests.length).toBeGreaterThan(before);
  });
});
