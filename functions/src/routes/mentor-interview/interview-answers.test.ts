import { MENTOR_INTERVIEW_LIMITS, MENTOR_INTERVIEW_MESSAGES, type MentorAnswer, type MentorInterestAdmin } from '@meld/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { INTERVIEW_STAGES } from '../../domain/mentor-interview/stages.ts';
import { dbCalls, useApi } from '../api-test-kit.ts';
import { invitedMentor, signUpAdmin, type AdminCall } from './interview-test-kit.ts';

/** No coach model is configured here: every question comes from the bank, the insights from the summary. */
const api = useApi();
let admin: AdminCall;

beforeAll(async () => {
  admin = await signUpAdmin(api().client());
});

const listed = async (id: string) => (await admin<MentorInterestAdmin[]>('GET', '/api/mentor-interest')).json.find((mentor) => mentor._id === id)!;
const answersOf = async (id: string) => (await admin<MentorAnswer[]>('GET', `/api/mentor-interest/admin-responses?mentorId=${id}`)).json;

describe('text answers', () => {
  it('write the stage’s question on first read and keep a draft, then the approved answer', async () => {
    const mentor = await invitedMentor(api().client(), admin);
    const first = await mentor.response(1);
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ stage_id: 1, question: INTERVIEW_STAGES[0]!.questions[0], supporting_text: INTERVIEW_STAGES[0]!.supportingText, response_text: '', status: 'asked' });
    expect(first.json.preamble).toContain('your work as Rear Admiral at US Navy');
    // The token, the partition (and the first touch's status change), the question's write.
    expect(dbCalls(first)).toBe(4);
    expect((await mentor.response(1)).json.question).toBe(first.json.question);

    const draft = await mentor.save(1, { response_text: 'The day the ship sailed without me.' });
    expect(draft.json).toEqual({ success: true, response_text: 'The day the ship sailed without me.', status: 'draft' });
    expect(dbCalls(draft)).toBe(4);
    expect((await mentor.response(1)).json).toMatchObject({ response_text: 'The day the ship sailed without me.', status: 'draft' });
    const approved = await mentor.save(1, { response_text: 'The day the ship sailed without me, I learned to plan.', status: 'submitted', question: 'Ignored', preamble: 'Ignored' });
    expect(approved.json).toMatchObject({ success: true, status: 'submitted' });
    expect((await mentor.response(1)).json).toMatchObject({ response_text: 'The day the ship sailed without me, I learned to plan.', status: 'submitted', question: first.json.question });

    // The browser's save-on-blur of the same text, landing after the approval, leaves it approved; a changed text reopens it.
    expect((await mentor.save(1, { response_text: 'The day the ship sailed without me, I learned to plan.' })).json.status).toBe('submitted');
    expect((await mentor.save(1, { response_text: 'The day the ship sailed, I learned.' })).json.status).toBe('draft');
  });

  it('refuses to approve an empty answer and names the field', async () => {
    const mentor = await invitedMentor(api().client(), admin);
    const answer = await mentor.save(3, { response_text: '   ', status: 'submitted' });
    expect(answer.status).toBe(400);
    expect(answer.json.field).toBe('response_text');
    expect((await mentor.save(3, { response_text: 'x', status: 'approved' })).status).toBe(400);
  });

  it('preloads the next question from the bank, and returns the stored one when asked again', async () => {
    const mentor = await invitedMentor(api().client(), admin);
    const preloaded = await mentor.question({ previous_stage_id: 1, answer_text: 'My answer' });
    expect(preloaded.status).toBe(200);
    expect(preloaded.json).toEqual({ stage_id: 2, question: INTERVIEW_STAGES[1]!.questions[0], preamble: expect.any(String), supporting_text: INTERVIEW_STAGES[1]!.supportingText, source: 'question-bank' });
    expect((await mentor.question({ previous_stage_id: 1, answer_text: 'My answer' })).json).toEqual(preloaded.json);
    expect((await mentor.response(2)).json.question).toBe(preloaded.json.question);
    expect((await mentor.question({ previous_stage_id: 6 })).status).toBe(400);
  });
});

describe('Different Question', () => {
  it('records the rejected question with its reason, writes a new one, and stops at the per-stage limit', async () => {
    const mentor = await invitedMentor(api().client(), admin);
    const asked = [(await mentor.response(2)).json.question];
    for (let round = 1; round <= MENTOR_INTERVIEW_LIMITS.differentQuestionsPerStage; round++) {
      expect((await mentor.save(2, { response_text: '', status: 'rejected', rejection_reason: `Not for me ${round}` })).json).toMatchObject({ success: true, status: 'rejected' });
      const replaced = await mentor.question({ previous_stage_id: 1, answer_text: '', force_regenerate: true });
      expect(replaced.status).toBe(200);
      expect(asked).not.toContain(replaced.json.question);
      asked.push(replaced.json.question);
      expect((await mentor.response(2)).json).toMatchObject({ question: replaced.json.question, status: 'asked', different_questions_left: MENTOR_INTERVIEW_LIMITS.differentQuestionsPerStage - round });
    }
    const refused = await mentor.save(2, { response_text: '', status: 'rejected', rejection_reason: 'One more' });
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe(MENTOR_INTERVIEW_MESSAGES.differentQuestionLimit);
    expect((await mentor.question({ previous_stage_id: 1, force_regenerate: true })).status).toBe(409);
    expect((await mentor.response(2)).json.question).toBe(asked.at(-1));

    const [stage2] = await answersOf(mentor.id);
    expect(stage2!.rejected_questions.map((rejected) => [rejected.question, rejected.reason])).toEqual(asked.slice(0, -1).map((question, index) => [question, `Not for me ${index + 1}`]));
  });

  it('records a double-clicked rejection once', async () => {
    const mentor = await invitedMentor(api().client(), admin);
    await mentor.response(4);
    await mentor.save(4, { status: 'rejected', rejection_reason: 'Too personal' });
    await mentor.save(4, { status: 'rejected', rejection_reason: 'Too personal' });
    expect((await answersOf(mentor.id))[0]!.rejected_questions).toHaveLength(1);
  });
});

describe('finishing the interview', () => {
  it('needs all six answers approved', async () => {
    const mentor = await invitedMentor(api().client(), admin);
    await mentor.response(1);
    await mentor.save(1, { response_text: 'Only one', status: 'submitted' });
    const answer = await mentor.insights();
    expect(answer.status).toBe(409);
    expect(answer.json.message).toBe(MENTOR_INTERVIEW_MESSAGES.notFinished);
  });

  it('summarises the answers in the mentor’s words, stores the insights for the admin and closes the interview', async () => {
    const mentor = await invitedMentor(api().client(), admin, { firstName: 'Katherine' });
    await mentor.profile();
    expect((await listed(mentor.id)).status).toBe('interview started');
    await mentor.answerAll((stage) => `Answer number ${stage}: I counted every step twice.`);
    const answer = await mentor.insights();
    expect(answer.status).toBe(200);
    expect(answer.json.source).toBe('summary');
    expect(answer.json.insights).toContain('Thank you, Katherine.');
    for (const stage of [1, 2, 3, 4, 5, 6]) expect(answer.json.insights).toContain(`“Answer number ${stage}: I counted every step twice.”`);

    const record = await listed(mentor.id);
    expect(record).toMatchObject({ status: 'submitted', insights: answer.json.insights, answeredStages: 6, completedAt: expect.any(String) });
    // The complete page survives a reload, and the link says it is done; the answers are closed.
    expect((await mentor.insights()).json).toEqual(answer.json);
    expect((await mentor.profile()).json).toMatchObject({ completed: true, resumeStage: 7 });
    expect((await mentor.response(1)).status).toBe(403);

    const answers = await answersOf(mentor.id);
    expect(answers.map((stored) => [stored.stage_id, stored.status, stored.response_text])).toEqual([1, 2, 3, 4, 5, 6].map((stage) => [stage, 'submitted', `Answer number ${stage}: I counted every step twice.`]));
    expect(answers[0]).toMatchObject({ mentor_id: mentor.id, mentor_name: 'Katherine Hopper', mentor_jobTitle: 'Rear Admiral', mentor_company: 'US Navy' });
  });
});
