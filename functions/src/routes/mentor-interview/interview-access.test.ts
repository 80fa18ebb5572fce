import { MENTOR_INTERVIEW_MESSAGES } from '@meld/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { newAccessToken } from '../../domain/mentor-interview/access.ts';
import { dbCalls, inOneRateWindow, useApi } from '../api-test-kit.ts';
import { interviewCalls, invitedMentor, signUpAdmin, type AdminCall } from './interview-test-kit.ts';

const api = useApi({ config: { rateLimits: { mentorInterview: { max: 4, windowMinutes: 60 } } } });
let admin: AdminCall;

beforeAll(async () => {
  admin = await signUpAdmin(api().client());
});

const statusOf = async (id: string) => (await admin<{ _id: string; status: string }[]>('GET', '/api/mentor-interest')).json.find((mentor) => mentor._id === id)?.status;

describe('who an interview link lets in', () => {
  it('refuses a token of the wrong length with 404 before any lookup', async () => {
    const mentor = await invitedMentor(api().client(), admin);
    for (const token of [mentor.token.slice(0, 63), `${mentor.token}a`, 'short']) {
      const answer = await interviewCalls(api().client(), token).profile();
      expect(answer.status, token).toBe(404);
      expect(dbCalls(answer)).toBe(0);
    }
  });

  it('answers 404 with the expired-link message for a well-formed token nobody was given', async () => {
    const answer = await interviewCalls(api().client(), newAccessToken()).profile();
    expect(answer.status).toBe(404);
    expect(answer.json.message).toBe(MENTOR_INTERVIEW_MESSAGES.expired);
  });

  it('shows the mentor their profile and moves them from pending to interview started on the first visit', async () => {
    const mentor = await invitedMentor(api().client(), admin, { firstName: 'Ada', jobTitle: 'Analyst', company: 'Babbage & Co' });
    expect(await statusOf(mentor.id)).toBe('pending');
    const answer = await mentor.profile();
    expect(answer.status).toBe(200);
    // The token's lookup item, the interview's partition, and the status change.
    expect(dbCalls(answer)).toBe(3);
    expect(dbCalls(await mentor.profile())).toBe(2);
    expect(answer.json).toEqual({ firstName: 'Ada', jobTitle: 'Analyst', company: 'Babbage & Co', resumeStage: 1, transcriptionAvailable: false, maxAudioBytes: expect.any(Number), completed: false });
    expect(await statusOf(mentor.id)).toBe('interview started');
  });

  it('closes the interview with 403 once the mentor is rejected or has submitted; a submitted mentor\u2019s link still says who and that it is done', async () => {
    for (const status of ['rejected', 'submitted']) {
      const mentor = await invitedMentor(api().client(), admin, { firstName: 'Ada' });
      expect((await mentor.profile()).status).toBe(200);
      expect((await admin('PATCH', `/api/mentor-interest/${mentor.id}`, { status })).status).toBe(200);
      const profile = await mentor.profile();
      if (status === 'submitted') expect([profile.status, profile.json.firstName, profile.json.completed]).toEqual([200, 'Ada', true]);
      else expect([profile.status, profile.json.message]).toEqual([403, MENTOR_INTERVIEW_MESSAGES.closed]);
      for (const answer of [await mentor.response(1), await mentor.save(1, { response_text: 'Late' }), await mentor.question({ previous_stage_id: 0 })]) {
        expect(answer.status, status).toBe(403);
        expect(answer.json.message).toBe(MENTOR_INTERVIEW_MESSAGES.closed);
      }
    }
  });

  it('retires the old link when the admin generates a new one', async () => {
    const mentor = await invitedMentor(api().client(), admin);
    expect((await mentor.profile()).status).toBe(200);
    const renewed = await admin<{ accessToken: string }>('POST', `/api/mentor-interest/${mentor.id}/generate-token`);
    expect((await mentor.profile()).status).toBe(404);
    expect((await interviewCalls(api().client(), renewed.json.accessToken).profile()).status).toBe(200);
  });

  it('never lets one mentor’s link read or write another mentor’s answers', async () => {
    const a = await invitedMentor(api().client(), admin);
    const b = await invitedMentor(api().client(), admin);
    await a.response(1);
    expect((await a.save(1, { response_text: 'A private story about my first launch.', status: 'submitted' })).status).toBe(200);
    const theirs = await b.response(1);
    expect(theirs.status).toBe(200);
    expect(theirs.json).toMatchObject({ stage_id: 1, response_text: '', status: 'asked' });
    expect(JSON.stringify(theirs.json)).not.toContain('first launch');
    expect((await b.save(1, { response_text: 'B writes here.' })).json).toMatchObject({ response_text: 'B writes here.' });
    expect((await a.response(1)).json.response_text).toBe('A private story about my first launch.');
    expect((await a.profile()).json.resumeStage).toBe(2);
    expect((await b.profile()).json.resumeStage).toBe(1);
  });

  it('answers 400 with the six-questions message for a stage outside 1 to 6', async () => {
    const mentor = await invitedMentor(api().client(), admin);
    for (const stage of ['0', '7', 'two']) {
      const answer = await mentor.response(stage);
      expect(answer.status, stage).toBe(400);
      expect(answer.json.message).toBe(MENTOR_INTERVIEW_MESSAGES.noSuchStage);
      expect((await mentor.save(stage, { response_text: 'x' })).status).toBe(400);
    }
  });

  it('limits the model calls of one mentor’s interview', async () => {
    inOneRateWindow(60);
    const mentor = await invitedMentor(api().client(), admin);
    const statuses = [];
    for (let call = 0; call < 5; call++) statuses.push((await mentor.question({ previous_stage_id: 0 })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
    // Another mentor's interview has its own allowance.
    expect((await (await invitedMentor(api().client(), admin)).intro()).status).toBe(200);
  });
});
