import type { MentorInterestAdmin, UserInterestAdmin } from '@meld/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI } from '../../providers/llm/__fakes__/openai-server.ts';
import type { FakeServer } from '../../providers/llm/__fakes__/sse-server.ts';
import { getMentorInterest, getUserInterest } from '../../store/interest-store.ts';
import { dbCalls, startApi, type Api } from '../api-test-kit.ts';
import { invitedMentor, signUpAdmin } from '../mentor-interview/interview-test-kit.ts';

/**
 * Audit finding (issue 21, 5): re-submitting the public mentor form with an invited mentor's
 * e-mail (another case, spaces around it) overwrote their name, job and company, in the admin
 * panel, on their interview page and in the interview's prompts, and answered with their id. A
 * public submission now never changes an existing record: it is a record of its own, marked for
 * the admin as a repeat, and its answer looks exactly like a new address's.
 */
type Prompt = { messages: { content: string }[] };
const promptOf = (body: unknown) => (body as Prompt).messages.map((message) => message.content).join('\n');

let api: Api;
let coach: FakeServer;
beforeAll(async () => {
  coach = await startFakeOpenAI({ reply: () => ['PREAMBLE: Thank you.\nQUESTION: What shaped you?'] });
  api = await startApi({
    config: {
      rateLimits: { interest: { max: 1000, windowMinutes: 60 } },
      endpoints: { demo: { enabled: true }, openAI: { apiKey: 'sk-coach', baseURL: `${coach.url}/v1`, models: ['gpt-4o-mini'] } },
      coach: { endpoint: 'openAI', model: 'gpt-4o-mini' },
    },
  });
}, 30_000);
afterAll(async () => {
  await api?.stop();
  await coach?.close();
});

type Answer = { status: number; headers: Headers; json: Record<string, unknown> };
const post = (path: string, json: unknown): Promise<Answer> => api.client().request('POST', path, { json });
const impostor = (email: string) => ({ firstName: 'Mallory', lastName: 'Evil', email, jobTitle: 'Attacker', company: 'Evil Corp', industry: 'Other', careerStage: 'Retired' });
/** The variants of one address the form folds together. */
const variants = (email: string) => [email, email.toUpperCase(), `  ${email.replace(/^./, (first) => first.toUpperCase())}  `];

let counter = 0;
const freshEmail = () => `new.${Date.now()}.${++counter}@example.com`;

describe('the public mentor form and an invited mentor', () => {
  it("never changes the mentor's record, interview page or prompts, and answers a repeat exactly like a new address", async () => {
    const admin = await signUpAdmin(api.client());
    const email = `grace.${Date.now()}@example.com`;
    const mentor = await invitedMentor(api.client(), admin, { email });
    const before = await getMentorInterest(mentor.id);

    const fresh = await post('/api/mentor-interest', impostor(freshEmail()));
    const repeats: Answer[] = [];
    for (const variant of variants(email)) repeats.push(await post('/api/mentor-interest', impostor(variant)));
    for (const repeat of repeats) {
      // Same status, same shape, a new id (never the mentor's), the same work in the database.
      expect(repeat.status).toBe(fresh.status);
      expect(Object.keys(repeat.json).sort()).toEqual(Object.keys(fresh.json).sort());
      expect(repeat.json).toEqual({ ok: true, _id: expect.any(String) });
      expect(repeat.json._id).not.toBe(mentor.id);
      expect(dbCalls(repeat)).toBe(dbCalls(fresh));
    }

    expect(await getMentorInterest(mentor.id)).toEqual(before);
    expect((await mentor.profile()).json).toMatchObject({ firstName: 'Grace', jobTitle: 'Rear Admiral', company: 'US Navy' });
    await mentor.intro();
    await mentor.response(1);
    const prompts = coach.requests.map((request) => promptOf(request.body)).join('\n');
    expect(prompts).toContain('First name: Grace');
    expect(prompts).not.toMatch(/Mallory|Attacker|Evil Corp/);

    const list = (await admin<MentorInterestAdmin[]>('GET', '/api/mentor-interest')).json;
    expect(list.find((entry) => entry._id === mentor.id)).toMatchObject({ firstName: 'Grace', jobTitle: 'Rear Admiral', repeatOf: null, accessTokenPrefix: expect.any(String) });
    const marked = list.filter((entry) => repeats.some((repeat) => repeat.json._id === entry._id));
    expect(marked).toHaveLength(3);
    for (const entry of marked) expect(entry).toMatchObject({ firstName: 'Mallory', email, status: 'pending', repeatOf: mentor.id, accessTokenPrefix: null });
    expect(list.find((entry) => entry._id === fresh.json._id)).toMatchObject({ repeatOf: null });
  });
});

describe('the public user form', () => {
  it('keeps a repeat apart, marked for the admin, and answers it like a new address', async () => {
    const admin = await signUpAdmin(api.client());
    const email = `ada.${Date.now()}@example.com`;
    const visitor = (address: string, name: string) => ({ name, email: address, currentSituation: 'Taking a break', currentFocus: 'Travel', currentCity: 'London', referralSource: 'A friend', motivation: 'Direction' });
    const first = await post('/api/user-interest', visitor(email, 'Ada Lovelace'));
    const before = await getUserInterest(String(first.json._id));
    const fresh = await post('/api/user-interest', visitor(freshEmail(), 'Someone New'));
    const repeats: Answer[] = [];
    for (const variant of variants(email)) repeats.push(await post('/api/user-interest', visitor(variant, 'Mallory')));
    for (const repeat of repeats) {
      expect(repeat.status).toBe(fresh.status);
      expect(repeat.json).toEqual({ _id: expect.any(String) });
      expect(repeat.json._id).not.toBe(first.json._id);
      expect(dbCalls(repeat)).toBe(dbCalls(fresh));
    }
    // The repeat's own newsletter step confirms only itself.
    expect((await api.client().request('PATCH', `/api/user-interest/${String(repeats[0]!.json._id)}/newsletter-signup`)).status).toBe(200);
    expect(await getUserInterest(String(first.json._id))).toEqual(before);

    const list = (await admin<UserInterestAdmin[]>('GET', '/api/user-interest')).json;
    expect(list.find((entry) => entry._id === first.json._id)).toMatchObject({ name: 'Ada Lovelace', repeatOf: null, newsletterSubscription: false });
    for (const repeat of repeats) expect(list.find((entry) => entry._id === repeat.json._id)).toMatchObject({ name: 'Mallory', email, repeatOf: first.json._id });
  });
});
