import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS } from '@meld/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, json, mockFetch } from '@/test/fetch-mock.ts';
import { api, fakeMicrophone, ok, profile, renderInterview, sentJson, stage, TOKEN } from '../test-kit.tsx';

const question = (step: number) => `/mentor-interview/${TOKEN}/question/${step}`;
const different = () => screen.queryByRole('button', { name: 'Different Question' });

/** The stage as the server keeps it: a new question after each forced regeneration. */
function serveStage(step: number, generate: () => Response = ok({ question: 'x', preamble: '', supporting_text: '', stage_id: step, source: 'model' })) {
  let current = stage(step);
  const fetchSpy = mockFetch({
    [`GET ${api()}`]: ok(profile()),
    [`GET ${api(`/response/${step}`)}`]: () => json(current),
    [`POST ${api(`/response/${step}`)}`]: ok({ success: true, response_text: '', status: 'rejected' }),
    [`POST ${api('/generate-question')}`]: () => {
      const reply = generate();
      if (reply.ok) current = stage(step, { question: 'What would you tell your younger self?', different_questions_left: current.different_questions_left - 1 });
      return reply;
    },
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
    expect(sentJson(callsTo(fetchSpy, `POST ${api('/response/2')}`)[0]!)).toEqual({
      response_text: '',
      status: 'rejected',
      rejection_reason: 'I never worked on compilers.',
      question: 'What moment defined your career, question 2?',
      preamble: 'You mentioned the early compilers.',
    });
    expect(sentJson(callsTo(fetchSpy, `POST ${api('/generate-question')}`)[0]!)).toEqual({ previous_stage_id: 1, answer_text: '', force_regenerate: true });
    expect(screen.getByText('2 different questions left for this step')).toBeInTheDocument();
  });

  it('sends no reason when the mentor gives none', async () => {
    const fetchSpy = serveStage(3);
    const user = userEvent.setup();
    renderInterview(question(3));
    await askForDifferent(user);
    await waitFor(() => expect(callsTo(fetchSpy, `POST ${api('/generate-question')}`)).toHaveLength(1));
    expect(sentJson(callsTo(fetchSpy, `POST ${api('/response/3')}`)[0]!)).not.toHaveProperty('rejection_reason');
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
    mockFetch({ [`GET ${api()}`]: ok(profile()), [`GET ${api('/response/2')}`]: ok(stage(2, { different_questions_left: 0 })) });
    renderInterview(question(2));
    expect(await screen.findByText('No more different questions for this step.')).toBeInTheDocument();
    expect(different()).not.toBeInTheDocument();
  });

  it.each([
    ['the server refuses the rejection', 'reject', 'Failed to request different question. Please try again.'],
    ['generation fails', () => json({ code: 'INTERNAL', message: 'boom' }, 500), 'Failed to generate new question. Please try again.'],
    ['the limit is reached', () => json({ code: 'LIMIT', message: 'You can ask for a different question 3 times per step.' }, 429), 'You can ask for a different question 3 times per step.'],
    ['the reply is a stream', () => new Response('data: {"text":"What"}\n\n', { status: 200, headers: { 'Content-Type': 'text/event-stream' } }), /Please refresh the page to see it/],
  ] as const)('shows the failure when %s', async (_case, failure, text) => {
    if (failure === 'reject') {
      mockFetch({ [`GET ${api()}`]: ok(profile()), [`GET ${api('/response/2')}`]: ok(stage(2)), [`POST ${api('/response/2')}`]: () => json({ code: 'X', message: 'no' }, 500) });
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
    const fetchSpy = mockFetch({
      [`GET ${api()}`]: ok(profile()),
      [`GET ${api('/response/2')}`]: ok(stage(2)),
      [`GET ${api('/response/3')}`]: ok(stage(3)),
      [`POST ${api('/response/2')}`]: ok({ success: true, response_text: 'My answer.', status: 'submitted' }),
      [`POST ${api('/generate-question')}`]: () => json({ code: 'INTERNAL', message: 'model down' }, 500),
    });
    const user = userEvent.setup();
    const { router } = renderInterview(`${question(2)}?ref=email`);
    await user.click(await screen.findByRole('button', { name: 'Write' }));
    await user.type(screen.getByRole('textbox', { name: 'Your answer' }), 'My answer.');
    await user.click(screen.getByRole('button', { name: 'Approve and continue' }));
    expect(await screen.findByRole('heading', { level: 1, name: /question 3\?/ })).toHaveFocus();
    expect(router.state.location.pathname + router.state.location.search).toBe(`${question(3)}?ref=email`);
    const submitted = callsTo(fetchSpy, `POST ${api('/response/2')}`).map(sentJson).at(-1);
    expect(submitted).toMatchObject({ response_text: 'My answer.', status: 'submitted', question: 'What moment defined your career, question 2?' });
    expect(sentJson(callsTo(fetchSpy, `POST ${api('/generate-question')}`)[0]!)).toEqual({ previous_stage_id: 2, answer_text: 'My answer.' });
  });

  it('on step 6 generates the insights, keeps them in local storage under mentor_insights and opens the complete page', async () => {
    const fetchSpy = mockFetch({
      [`GET ${api()}`]: ok(profile()),
      [`GET ${api('/response/6')}`]: ok(stage(6, { response_text: 'Be patient.', status: 'draft' })),
      [`POST ${api('/response/6')}`]: ok({ success: true, response_text: 'Be patient.', status: 'submitted' }),
      [`POST ${api('/generate-insights')}`]: ok({ insights: 'You said “be patient”.', source: 'model' }),
    });
    const stored = vi.spyOn(Storage.prototype, 'setItem');
    const user = userEvent.setup();
    const { router } = renderInterview(question(6));
    await user.click(await screen.findByRole('button', { name: 'Approve and finish' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/mentor-interview/${TOKEN}/complete`));
    expect(callsTo(fetchSpy, `POST ${api('/generate-insights')}`)).toHaveLength(1);
    expect(stored).toHaveBeenCalledWith('mentor_insights', JSON.stringify({ insights: 'You said “be patient”.' }));
    stored.mockRestore();
    expect(await screen.findByText('“be patient”')).toBeVisible();
    // Read once by the complete page, which asked the server for nothing more.
    expect(callsTo(fetchSpy, `POST ${api('/generate-insights')}`)).toHaveLength(1);
    // Removed by the page's effect, which runs just after it renders.
    await waitFor(() => expect(window.localStorage.getItem(STORAGE_KEYS.mentorInsights)).toBeNull());
  });
});
