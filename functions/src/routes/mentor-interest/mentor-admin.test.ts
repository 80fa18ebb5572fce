import type { MentorInterestAdmin } from '@meld/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { dbCalls, registerMember, useApi } from '../api-test-kit.ts';
import { interviewCalls, signUpAdmin, signUpMentor, type AdminCall } from '../mentor-interview/interview-test-kit.ts';

const api = useApi();
let admin: AdminCall;

beforeAll(async () => {
  admin = await signUpAdmin(api().client());
});

describe('the admin’s mentor routes', () => {
  it('answer 401 without a session, 403 to a member and 2xx to an admin', async () => {
    const id = await signUpMentor();
    const { token } = await registerMember(api().client());
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/mentor-interest'],
      ['GET', '/api/mentor-interest/admin-responses'],
      ['PATCH', `/api/mentor-interest/${id}`, { status: 'rejected' }],
      ['POST', `/api/mentor-interest/${id}/generate-token`],
    ];
    for (const [method, path, json] of calls) {
      const body = json === undefined ? {} : { json };
      expect((await api().client().request(method, path, body)).status, `${method} ${path} anonymous`).toBe(401);
      expect((await api().client().request(method, path, { ...body, headers: { authorization: `Bearer ${token}` } })).status, `${method} ${path} as a member`).toBe(403);
      expect((await admin(method, path, json)).status, `${method} ${path} as an admin`).toBeLessThan(300);
    }
  });

  it('list every mentor sign-up with its status and progress', async () => {
    const id = await signUpMentor({ firstName: 'Dorothy', lastName: 'Vaughan', jobTitle: 'Supervisor', company: 'NACA' });
    const listed = await admin<MentorInterestAdmin[]>('GET', '/api/mentor-interest');
    expect(listed.status).toBe(200);
    expect(dbCalls(listed)).toBe(4);
    expect(listed.json.find((mentor) => mentor._id === id)).toEqual({
      _id: id,
      firstName: 'Dorothy',
      lastName: 'Vaughan',
      email: expect.stringMatching(/@example\.com$/),
      jobTitle: 'Supervisor',
      company: 'NACA',
      industry: 'Technology',
      careerStage: 'Senior-career (15+ years)',
      status: 'pending',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      accessTokenPrefix: null,
      tokenCreatedAt: null,
      answeredStages: 0,
      insights: null,
      completedAt: null,
      repeatOf: null,
    });
  });

  it('show a new token once, in its link, and list only its first eight characters', async () => {
    const id = await signUpMentor();
    const generated = await admin<{ accessToken: string; link: string; accessTokenPrefix: string }>('POST', `/api/mentor-interest/${id}/generate-token`);
    expect(generated.status).toBe(201);
    // The admin's profile, the record, the token's lookup item and the record's update.
    expect(dbCalls(generated)).toBe(5);
    const { accessToken, link, accessTokenPrefix } = generated.json;
    expect(accessToken).toMatch(/^[\w-]{64}$/);
    expect(link).toBe(`/mentor-interview/${accessToken}/start`);
    expect(accessTokenPrefix).toBe(accessToken.slice(0, 8));
    const listed = await admin<MentorInterestAdmin[]>('GET', '/api/mentor-interest');
    expect(listed.json.find((mentor) => mentor._id === id)).toMatchObject({ accessTokenPrefix, tokenCreatedAt: expect.any(String) });
    expect(JSON.stringify(listed.json)).not.toContain(accessToken);
    expect(JSON.stringify(listed.json)).not.toContain('tokenHash');
    expect((await interviewCalls(api().client(), accessToken).profile()).status).toBe(200);
  });

  it('set any of the four statuses, and refuse an unknown status or mentor', async () => {
    const id = await signUpMentor();
    for (const status of ['interview started', 'submitted', 'rejected', 'pending']) {
      const changed = await admin<MentorInterestAdmin>('PATCH', `/api/mentor-interest/${id}`, { status });
      expect(changed.status).toBe(200);
      expect(changed.json).toMatchObject({ _id: id, status });
    }
    const unknown = await admin('PATCH', `/api/mentor-interest/${id}`, { status: 'approved' });
    expect(unknown.status).toBe(400);
    expect(unknown.json.field).toBe('status');
    expect((await admin('PATCH', '/api/mentor-interest/no-such-mentor', { status: 'rejected' })).status).toBe(404);
    expect((await admin('POST', '/api/mentor-interest/no-such-mentor/generate-token')).status).toBe(404);
  });

  it('list every mentor’s answers, or one mentor’s', async () => {
    const mentors: string[] = [];
    for (const firstName of ['Annie', 'Mae']) {
      const id = await signUpMentor({ firstName });
      const token = (await admin<{ accessToken: string }>('POST', `/api/mentor-interest/${id}/generate-token`)).json.accessToken;
      const calls = interviewCalls(api().client(), token);
      await calls.response(1);
      await calls.save(1, { response_text: `${firstName} answers.` });
      mentors.push(id);
    }
    const all = await admin<{ mentor_id: string; response_text: string }[]>('GET', '/api/mentor-interest/admin-responses');
    expect(all.json.filter((answer) => mentors.includes(answer.mentor_id)).map((answer) => answer.response_text)).toEqual(['Annie answers.', 'Mae answers.']);
    const one = await admin<{ mentor_id: string; response_text: string; mentor_name: string }[]>('GET', `/api/mentor-interest/admin-responses?mentorId=${mentors[1]}`);
    expect(one.json).toEqual([expect.objectContaining({ mentor_id: mentors[1], mentor_name: 'Mae Hopper', response_text: 'Mae answers.', status: 'draft', stage_id: 1 })]);
    expect((await admin('GET', '/api/mentor-interest/admin-responses?mentorId=nobody')).json).toEqual([]);
  });
});
