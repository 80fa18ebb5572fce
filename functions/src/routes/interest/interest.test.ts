import { INTEREST_MESSAGES as M } from '@meld/shared';
import { describe, expect, it } from 'vitest';
import { getMentorInterest, getUserInterest } from '../../store/interest-store.ts';
import { dbCalls, useApi } from '../api-test-kit.ts';

// Every request comes from 127.0.0.1: the per-address limit is raised here and tested on its own below.
const NEWSLETTER_URL = 'https://newsletter.example.com/embed';
const api = useApi({ config: { rateLimits: { interest: { max: 1000, windowMinutes: 60 } }, interface: { newsletterUrl: NEWSLETTER_URL } } });

type Answer = { status: number; headers: Headers; json: { _id?: string; ok?: boolean; message?: string; field?: string; code?: string } };
const post = (path: string, json: unknown): Promise<Answer> => api().client().request('POST', path, { json });
const patch = (path: string): Promise<Answer> => api().client().request('PATCH', path);

let counter = 0;
const uniqueEmail = () => `visitor.${Date.now()}.${++counter}@example.com`;

const mentor = (overrides: object = {}) => ({
  firstName: 'Grace',
  lastName: 'Hopper',
  email: uniqueEmail(),
  jobTitle: 'Rear Admiral',
  company: 'US Navy',
  industry: 'Government & Public Policy',
  careerStage: 'Retired',
  ...overrides,
});

const student = (overrides: object = {}) => ({
  name: 'Ada Lovelace',
  email: uniqueEmail(),
  currentSituation: 'In college',
  currentSchool: 'University of London',
  studyingField: 'Mathematics',
  graduationYear: '2027',
  openToStudentMentorship: true,
  referralSource: 'TikTok',
  motivation: 'Someone who has shipped an engine',
  ...overrides,
});

describe('POST /api/mentor-interest', () => {
  it('stores a submission as pending, with the e-mail trimmed and lower-cased', async () => {
    const answer = await post('/api/mentor-interest', mentor({ email: '  Grace.Hopper@Example.COM ' }));
    expect(answer.status).toBe(201);
    expect(answer.json).toEqual({ ok: true, _id: expect.any(String) });
    const stored = await getMentorInterest(answer.json._id!);
    expect(stored).toMatchObject({ firstName: 'Grace', lastName: 'Hopper', email: 'grace.hopper@example.com', jobTitle: 'Rear Admiral', company: 'US Navy', industry: 'Government & Public Policy', careerStage: 'Retired', status: 'pending' });
    expect(Date.parse(stored!.createdAt)).not.toBeNaN();
  });

  it('accepts a submission without the optional last name, company, industry and career stage', async () => {
    const answer = await post('/api/mentor-interest', { firstName: 'Katherine', email: uniqueEmail(), jobTitle: 'Mathematician', industry: '', careerStage: '' });
    expect(answer.status).toBe(201);
    const stored = await getMentorInterest(answer.json._id!);
    expect(stored).not.toHaveProperty('lastName');
    expect(stored).not.toHaveProperty('industry');
  });

  it('keeps the first record as it was when the same e-mail submits again: the repeat is a record of its own (issue 21)', async () => {
    const email = uniqueEmail();
    const first = await post('/api/mentor-interest', mentor({ email }));
    const before = await getMentorInterest(first.json._id!);
    const second = await post('/api/mentor-interest', mentor({ email: email.toUpperCase(), jobTitle: 'Commodore', company: undefined }));
    expect(second.status).toBe(201);
    expect(second.json._id).not.toBe(first.json._id);
    expect(dbCalls(second)).toBe(dbCalls(first));
    expect(await getMentorInterest(first.json._id!)).toEqual(before);
    expect(await getMentorInterest(second.json._id!)).toMatchObject({ email, jobTitle: 'Commodore', status: 'pending' });
  });

  it.each([
    [{ firstName: '  ' }, 'firstName', M.firstNameRequired],
    [{ firstName: undefined }, 'firstName', M.firstNameRequired],
    [{ email: 'grace-at-navy' }, 'email', M.emailInvalid],
    [{ email: '' }, 'email', M.emailInvalid],
    [{ jobTitle: '' }, 'jobTitle', M.jobTitleRequired],
    [{ industry: 'Piracy' }, 'industry', M.industryChoice],
    [{ careerStage: 'Eternal' }, 'careerStage', M.careerStageChoice],
    [{ company: 'x'.repeat(151) }, 'company', 'Company must be at most 150 characters'],
    [{ lastName: 'x'.repeat(101) }, 'lastName', 'Last name must be at most 100 characters'],
  ])('refuses %o with 400 naming %s', async (overrides, field, message) => {
    const answer = await post('/api/mentor-interest', mentor(overrides));
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ field, message });
  });
});

describe('POST /api/user-interest', () => {
  it('stores a student with their college answers and returns its id', async () => {
    const answer = await post('/api/user-interest', student());
    expect(answer.status).toBe(201);
    expect(answer.json).toEqual({ _id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(await getUserInterest(answer.json._id!)).toMatchObject({
      name: 'Ada Lovelace',
      currentSituation: 'In college',
      currentSchool: 'University of London',
      studyingField: 'Mathematics',
      graduationYear: '2027',
      openToStudentMentorship: true,
      newsletterSignedUp: false,
    });
  });

  it('keeps only the chosen situation’s answers, and the other source text only for Other', async () => {
    const answer = await post(
      '/api/user-interest',
      student({ currentSituation: 'Currently working', jobTitle: 'Analyst', company: 'Babbage & Co', workCity: 'London', openToMentoring: false, referralSourceOther: 'a poster' }),
    );
    const stored = await getUserInterest(answer.json._id!);
    expect(stored).toMatchObject({ jobTitle: 'Analyst', company: 'Babbage & Co', workCity: 'London', openToMentoring: false });
    expect(stored).not.toHaveProperty('currentSchool');
    expect(stored).not.toHaveProperty('referralSourceOther');

    const other = await post('/api/user-interest', student({ currentSituation: 'Taking a break', currentFocus: 'Travel', referralSource: 'Other', referralSourceOther: 'A poster in the library' }));
    expect(await getUserInterest(other.json._id!)).toMatchObject({ currentFocus: 'Travel', referralSourceOther: 'A poster in the library' });
  });

  it('gives each submission its own record, even with the same e-mail', async () => {
    const email = uniqueEmail();
    const first = await post('/api/user-interest', student({ email }));
    const second = await post('/api/user-interest', student({ email }));
    expect(second.json._id).not.toBe(first.json._id);
  });

  it.each([
    [{ name: '' }, 'name', M.nameRequired],
    [{ email: 'ada' }, 'email', M.emailInvalid],
    [{ currentSituation: '' }, 'currentSituation', M.situationRequired],
    [{ currentSituation: 'Sailing' }, 'currentSituation', M.situationRequired],
    [{ referralSource: undefined }, 'referralSource', M.referralRequired],
    [{ motivation: ' ' }, 'motivation', M.motivationRequired],
    [{ graduationYear: 'soon' }, 'graduationYear', M.graduationYear],
    [{ activelyApplying: 'Maybe' }, 'activelyApplying', M.activelyApplyingChoice],
    [{ motivation: 'x'.repeat(2001) }, 'motivation', 'What you want to get out of MELD must be at most 2000 characters'],
  ])('refuses %o with 400 naming %s', async (overrides, field, message) => {
    const answer = await post('/api/user-interest', student(overrides));
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ field, message });
  });

  it.each([
    ['In college', { currentSchool: '' }],
    ['Currently working', {}],
    ['Recently graduated / job searching', { studiedField: '  ' }],
  ])('reports a missing required answer for "%s" on currentSituation', async (currentSituation, overrides) => {
    const answer = await post('/api/user-interest', student({ currentSituation, ...overrides }));
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ field: 'currentSituation', message: M.situationFields });
  });

  it('needs nothing more from someone taking a break or in another situation', async () => {
    for (const currentSituation of ['Taking a break', 'Other']) {
      const answer = await post('/api/user-interest', { name: 'Mary', email: uniqueEmail(), currentSituation, referralSource: 'Substack', motivation: 'Clarity' });
      expect(answer.status).toBe(201);
    }
  });
});

describe('PATCH /api/user-interest/{id}/newsletter-signup', () => {
  it('tells the browser which newsletter page the success step embeds', async () => {
    const config = await api().client().request<{ interface: { newsletterUrl?: string } }>('GET', '/api/config');
    expect(config.json.interface.newsletterUrl).toBe(NEWSLETTER_URL);
  });

  it('marks the signup as signed up to the newsletter, with the time', async () => {
    const { json } = await post('/api/user-interest', student());
    const answer = await patch(`/api/user-interest/${json._id}/newsletter-signup`);
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ ok: true });
    expect(dbCalls(answer)).toBe(1);
    const stored = await getUserInterest(json._id!);
    expect(stored).toMatchObject({ newsletterSignedUp: true });
    expect(Date.parse(stored!.newsletterSignedUpAt!)).not.toBeNaN();
  });

  it('answers 404 for an id no signup has, well-formed or not', async () => {
    expect((await patch('/api/user-interest/0f8fad5b-d9cb-469f-a165-70867728950e/newsletter-signup')).status).toBe(404);
    expect((await patch('/api/user-interest/not-an-id/newsletter-signup')).status).toBe(404);
  });
});
