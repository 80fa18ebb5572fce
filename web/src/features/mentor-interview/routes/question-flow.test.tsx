import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS } from '@meld/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, fail, type MockAnswer, mockApi, raw, when } from '@/test/mock-api.ts';
import { fakeMicrophone, interview, profile, renderInterview, sentJson, stage, TOKEN } from '../test-kit.tsx';

const question = (step: number) => `/mentor-interview/${TOKEN}/question/${step}`;
const different = () => screen.queryByRole('button', { name: 'Different Question' });

/** The stage as the server keeps it: a new question after each forced regeneration. */
function serveStage(step: number, failure?: () => MockAnswer<'generateMentorQuestion'>) {
  let current = stage(step);
  const fetchSpy = mockApi({
    getMentorInterview: when(interview(), profile()),
    getMentorResponse: when(interview(step), () => current),
    saveMentorResponse: when(interview(step), { success: true, response_text: '', status: 'rejected' }),
    generateMentorQuestion: when(interview(), () => {
      if (failure) return failure();
      current = stage(step, { question: 'What would you tell your younger self?', different_questions_left: current.different_questions_left - 1 });
      return { question: 'x', preamble: '', supporting_text: '', stage_id: step, source: 'model' };
    }),
  });
  return fetchSpy;
}

async function askForDifferent(user: ReturnType<typeof userEvent.setup>, reason = '') {
  await user.click(await screen.findByRole('button', { name: 'Different Question' }));
  if (reason) await user.type(screen.getByRole('textbox', { name: /What did not fit/ }), reason);
  await user.click(screen.getByRole('button', { name: 'Get a different question' }));
}

describe('Different Question', { timeout: 20_000 }, () => {
  beforeEach(() => {
    fakeMicrophone();
  });

  it('is not offered on step 1', async () => {
    serveStage(1);
    renderInterview(question(1));
    await screen.findByRole('heading', { level: 1 });
    expect(different()).not.toBeInTheDocument();
  });

  it('rejects the question with the mentor’s reason, regenerates it with force_regenerate and shows the new one and the asks left', async () => {
    const fetchSpy = serveStage(2);
    const user = userEvent.setup();
    renderInterview(question(2));
    expect(await screen.findByText('3 different questions left for this step')).toBeInTheDocument();
    await askForDifferent(user, 'I never worked on compilers.');
    expect(await screen.findByRole('heading', { level: 1, name: /What would you tell your younger self\?/ })).toBeInTheDocument();
    expect(sentJson(callsTo(fetchSpy, 'saveMentorResponse', interview(2))[0]!)).toEqual({
      response_text: '',
      status: 'rejected',
      rejection_reason: 'I never worked on compilers.',
      question: 'What moment defined your career, question 2?',
      preamble: 'You mentioned the early compilers.',
    });
    expect(sentJson(callsTo(fetchSpy, 'generateMentorQuestion', interview())[0]!)).toEqual({ previous_stage_id: 1, answer_text: '', force_regenerate: true });
    expect(screen.getByText('2 different questions left for this step')).toBeInTheDocument();
  });

  it('sends no reason when the mentor gives none', async () => {
    const fetchSpy = serveStage(3);
    const user = userEvent.setup();
    renderInterview(question(3));
    await askForDifferent(user);
    await waitFor(() => expect(callsTo(fetchSpy, 'generateMentorQuestion', interview())).toHaveLength(1));
    expect(sentJson(callsTo(fetchSpy, 'saveMentorResponse', interview(3))[0]!)).not.toHaveProperty('rejection_reason');
  });

  it('is hidden once the mentor has written an answer', async () => {
    serveStage(2);
    const user = userEvent.setup();
    renderInterview(question(2));
    await user.click(await screen.findByRole('button', { name: 'Write' }));
    expect(different()).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Your answer' }), 'An answer.');
    expect(different()).not.toBeInTheDocument();
  });

  it('says so when no different questions are left', async () => {
    mockApi({ getMentorInterview: when(interview(), profile()), getMentorResponse: when(interview(2), stage(2, { different_questions_left: 0 })) });
    renderInterview(question(2));
    expect(await screen.findByText('No more different questions for this step.')).toBeInTheDocument();
    expect(different()).not.toBeInTheDocument();
  });

  it.each([
    ['the server refuses the rejection', 'reject', 'Failed to request different question. Please try again.'],
    ['generation fails', () => fail(500, { code: 'INTERNAL_ERROR', message: 'boom' }), 'Failed to generate new question. Please try again.'],
    ['the limit is reached', () => fail(409, { code: 'CONFLICT', message: 'You can ask for a different question 3 times per step.' }), 'You can ask for a different question 3 times per step.'],
    ['the reply is a stream', () => raw(new Response('data: {"text":"What"}\n\n', { status: 200, headers: { 'Content-Type': 'text/event-stream' } })), /Please refresh the page to see it/],
  ] as const)('shows the failure when %s', async (_case, failure, text) => {
    if (failure === 'reject') {
      mockApi({ getMentorInterview: when(interview(), profile()), getMentorResponse: when(interview(2), stage(2)), saveMentorResponse: when(interview(2), () => fail(500, { code: 'INTERNAL_ERROR', message: 'no' })) });
    } else {
      serveStage(2, failure);
    }
    const user = userEvent.setup();
    renderInterview(question(2));
    await askForDifferent(user);
    expect(await screen.findByText(text)).toBeInTheDocument();
  });
});

describe('Approve', { timeout: 20_000 }, () => {
  beforeEach(() => {
    fakeMicrophone();
  });

  it('on steps 1-5 submits the answer, preloads the next question and moves on even when that fails', async () => {
    const fetchSpy = mockApi({
      getMentorInterview: when(interview(), profile()),
      getMentorResponse: [when(interview(2), stage(2)), when(interview(3), stage(3))],
      saveMentorResponse: when(interview(2), { success: true, response_text: 'My answer.', status: 'submitted' }),
      generateMentorQuestion: when(interview(), () => fail(500, { code: 'INTERNAL_ERROR', message: 'model down' })),
    });
    const user = userEvent.setup();
    const { router } = renderInterview(`${question(2)}?ref=email`);
    await user.click(await screen.findByRole('button', { name: 'Write' }));
    await user.type(screen.getByRole('textbox', { name: 'Your answer' }), 'My answer.');
    await user.click(screen.getByRole('button', { name: 'Approve and continue' }));
    expect(await screen.findByRole('heading', { level: 1, name: /question 3\?/ })).toHaveFocus();
    expect(router.state.location.pathname + router.state.location.search).toBe(`${question(3)}?ref=email`);
    const submitted = callsTo(fetchSpy, 'saveMentorResponse', interview(2)).map(sentJson).at(-1);
    expect(submitted).toMatchObject({ response_text: 'My answer.', status: 'submitted', question: 'What moment defined your career, question 2?' });
    expect(sentJson(callsTo(fetchSpy, 'generateMentorQuestion', interview())[0]!)).toEqual({ previous_stage_id: 2, answer_text: 'My answer.' });
  });

  it('on step 6 generates the insights, keeps them in local storage under mentor_insights and opens the complete page', async () => {
    const fetchSpy = mockApi({
      getMentorInterview: when(interview(), profile()),
      getMentorResponse: when(interview(6), stage(6, { response_text: 'Be patient.', status: 'draft' })),
      saveMentorResponse: when(interview(6), { success: true, response_text: 'Be patient.', status: 'submitted' }),
      generateMentorInsights: when(interview(), { insights: 'You said “be patient”.', source: 'model' }),
    });
    const stored = vi.spyOn(Storage.prototype, 'setItem');
    const user = userEvent.setup();
    const { router } = renderInterview(question(6));
    await user.click(await screen.findByRole('button', { name: 'Approve and finish' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/mentor-interview/${TOKEN}/complete`));
    expect(callsTo(fetchSpy, 'generateMentorInsights', interview())).toHaveLength(1);
    expect(stored).toHaveBeenCalledWith('mentor_insights', JSON.stringify({ insights: 'You said “be patient”.' }));
    stored.mockRestore();
    expect(await screen.findByText('“be patient”')).toBeVisible();
    // Read once by the complete page, which asked the server for nothing more.
    expect(callsTo(fetchSpy, 'generateMentorInsights', interview())).toHaveLength(1);
    // Removed by the page's effect, which runs just after it renders.
    await waitFor(() => expect(window.localStorage.getItem(STORAGE_KEYS.mentorInsights)).toBeNull());
  });
});
