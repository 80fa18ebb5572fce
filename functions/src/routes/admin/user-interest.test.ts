import { ADMIN_MESSAGES, type UserInterestAdmin } from '@meld/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { dbCalls, useApi } from '../api-test-kit.ts';
import { signUpAdmin, type AdminCall } from '../mentor-interview/interview-test-kit.ts';

// Every visitor comes from 127.0.0.1: the interest forms' per-address limit is raised here.
const api = useApi({ config: { rateLimits: { interest: { max: 1000, windowMinutes: 60 } } } });
let admin: AdminCall;

beforeAll(async () => {
  admin = await signUpAdmin(api().client());
});

let counter = 0;

/** A visitor's sign-up through the public form; its id is what the success screen holds. */
async function submit(overrides: Record<string, unknown> = {}): Promise<{ id: string; email: string }> {
  const email = `visitor.${Date.now()}.${(counter += 1)}@example.com`;
  const answer = await api()
    .client()
    .request<{ _id: string }>('POST', '/api/user-interest', {
      json: { name: 'Ada Lovelace', email, currentSituation: 'Currently working', jobTitle: 'Analyst', company: 'Babbage & Co', workCity: 'London', openToMentoring: true, referralSource: 'Other', referralSourceOther: 'A lecture', motivation: 'Engines', ...overrides },
    });
  expect(answer.status).toBe(201);
  return { id: answer.json._id, email };
}

const list = () => admin<UserInterestAdmin[]>('GET', '/api/user-interest');

describe('the admin’s user interest sign-ups', () => {
  it('list every sign-up newest first, with the visitor’s answers and the newsletter step, from one query', async () => {
    const first = await submit();
    const second = await submit({ name: 'Mary Somerville', currentSituation: 'In college', currentSchool: 'Edinburgh', studyingField: 'Astronomy', graduationYear: '2027', openToStudentMentorship: false, referralSource: 'TikTok' });
    const listed = await list();
    expect(listed.status).toBe(200);
    // The admin's profile and the index's one page.
    expect(dbCalls(listed)).toBe(3);
    const ids = listed.json.map((signup) => signup._id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    expect(listed.json.map((signup) => signup.createdAt)).toEqual(listed.json.map((signup) => signup.createdAt).sort().reverse());
    expect(listed.json.find((signup) => signup._id === first.id)).toEqual({
      _id: first.id,
      name: 'Ada Lovelace',
      email: first.email,
      currentSituation: 'Currently working',
      jobTitle: 'Analyst',
      company: 'Babbage & Co',
      workCity: 'London',
      openToMentoring: true,
      referralSource: 'Other',
      referralSourceOther: 'A lecture',
      motivation: 'Engines',
      newsletterSubscription: false,
      newsletterSignedUpAt: null,
      createdAt: expect.any(String),
      repeatOf: null,
    });
    expect(listed.json.find((signup) => signup._id === second.id)).toMatchObject({ currentSchool: 'Edinburgh', studyingField: 'Astronomy', graduationYear: '2027', openToStudentMentorship: false, referralSource: 'TikTok' });
    expect(listed.json.find((signup) => signup._id === second.id)).not.toHaveProperty('referralSourceOther');
  });

  it('let the admin mark a sign-up subscribed, which no later call undoes', async () => {
    const { id } = await submit();
    const marked = await admin('PATCH', `/api/user-interest/${id}/newsletter-signup`);
    expect(marked.status).toBe(200);
    expect(marked.json).toEqual({ ok: true });
    const subscribed = (await list()).json.find((signup) => signup._id === id);
    expect(subscribed).toMatchObject({ newsletterSubscription: true, newsletterSignedUpAt: expect.any(String) });

    expect((await admin('PATCH', `/api/user-interest/${id}/newsletter-signup`)).status).toBe(200);
    expect((await api().client().request('PATCH', `/api/user-interest/${id}/newsletter-signup`)).status).toBe(200);
    expect((await list()).json.find((signup) => signup._id === id)).toMatchObject({ newsletterSubscription: true });
  });

  it('delete a sign-up, and answer 404 for one that does not exist or is already gone', async () => {
    const { id } = await submit();
    const deleted = await admin('DELETE', `/api/user-interest/${id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.json).toEqual({ ok: true });
    expect(dbCalls(deleted)).toBe(3);
    expect((await list()).json.some((signup) => signup._id === id)).toBe(false);

    for (const missing of [id, '0f8fad5b-d9cb-469f-a165-70867728950e']) {
      const again = await admin('DELETE', `/api/user-interest/${missing}`);
      expect(again.status).toBe(404);
      expect(again.json.message).toBe(ADMIN_MESSAGES.signupNotFound);
    }
    expect((await api().client().request('PATCH', `/api/user-interest/${id}/newsletter-signup`)).status).toBe(404);
  });
});
