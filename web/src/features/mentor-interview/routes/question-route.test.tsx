import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, fail, mockApi, raw, when } from '@/test/mock-api.ts';
import { fakeMicrophone, interview, profile, renderInterview, sentJson, stage, TOKEN } from '../test-kit.tsx';

const question = (step: number) => `/mentor-interview/${TOKEN}/question/${step}`;
const approve = () => screen.getByRole('button', { name: /^Approve and/ });

function serve(step: number, fields: Parameters<typeof stage>[1] = {}, extra: Parameters<typeof mockApi>[0] = {}, profileFields = {}) {
  return mockApi({
    getMentorInterview: when(interview(), profile(profileFields)),
    getMentorResponse: when(interview(step), stage(step, fields)),
    saveMentorResponse: when(interview(step), { success: true, response_text: '', status: 'draft' }),
    ...extra,
  });
}

async function openWriteMode(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Write' }));
  return screen.getByRole('textbox', { name: 'Your answer' });
}

describe('mentor interview question page', { timeout: 20_000 }, () => {
  beforeEach(() => {
    fakeMicrophone();
  });

  it('shows six progress dots, the preamble, the question with focus, the supporting text, and Go back to the start on step 1', async () => {
    serve(1);
    renderInterview(`${question(1)}?ref=email`);
    const heading = await screen.findByRole('heading', { level: 1, name: /What moment defined your career, question 1\?/ });
    expect(heading).toHaveFocus();
    const dots = screen.getByRole('list', { name: 'Question 1 of 6' });
    expect(within(dots).getAllByRole('listitem').map((dot) => dot.dataset.state)).toEqual(['current', 'todo', 'todo', 'todo', 'todo', 'todo']);
    expect(screen.getByText('You mentioned the early compilers.')).toBeInTheDocument();
    expect(screen.getByText('A defining career moment.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Go back/ })).toHaveAttribute('href', `/mentor-interview/${TOKEN}/start?ref=email`);
  });

  it('marks the answered steps as done and goes back one step', async () => {
    serve(4);
    renderInterview(question(4));
    const dots = await screen.findByRole('list', { name: 'Question 4 of 6' });
    expect(within(dots).getAllByRole('listitem').map((dot) => dot.dataset.state)).toEqual(['done', 'done', 'done', 'current', 'todo', 'todo']);
    expect(screen.getByRole('link', { name: /Go back/ })).toHaveAttribute('href', question(3));
  });

  it('enables approve only once the written answer has text', async () => {
    serve(1);
    const user = userEvent.setup();
    renderInterview(question(1));
    const answer = await openWriteMode(user);
    expect(approve()).toBeDisabled();
    await user.type(answer, '   ');
    expect(approve()).toBeDisabled();
    await user.type(answer, 'I said yes to the hard project.');
    expect(approve()).toBeEnabled();
  });

  it('saves the text on blur only when it changed, and hides the mode toggle once there is text', async () => {
    const fetchSpy = serve(2);
    const user = userEvent.setup();
    renderInterview(question(2));
    const answer = await openWriteMode(user);
    await user.click(answer);
    await user.tab();
    expect(callsTo(fetchSpy, 'saveMentorResponse', interview(2))).toHaveLength(0);
    await user.type(answer, 'First draft.');
    expect(screen.queryByRole('button', { name: 'Record' })).not.toBeInTheDocument();
    await user.tab();
    await waitFor(() => expect(callsTo(fetchSpy, 'saveMentorResponse', interview(2))).toHaveLength(1));
    expect(sentJson(callsTo(fetchSpy, 'saveMentorResponse', interview(2))[0]!)).toEqual({ response_text: 'First draft.' });
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    await user.click(answer);
    await user.tab();
    expect(callsTo(fetchSpy, 'saveMentorResponse', interview(2))).toHaveLength(1);
  });

  it('loads a previously written answer in write mode, ready to approve', async () => {
    serve(3, { response_text: 'My earlier answer.', status: 'draft' });
    renderInterview(question(3));
    expect(await screen.findByRole('textbox', { name: 'Your answer' })).toHaveValue('My earlier answer.');
    expect(screen.queryByRole('group', { name: 'How would you like to answer?' })).not.toBeInTheDocument();
    expect(approve()).toBeEnabled();
  });

  it('offers only writing, and says why, when transcription is unavailable', async () => {
    serve(1, {}, {}, { transcriptionAvailable: false });
    renderInterview(question(1));
    expect(await screen.findByText('Transcription is not available right now, so please write your answer.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Your answer' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'How would you like to answer?' })).not.toBeInTheDocument();
  });

  it('switches between recording and writing with pressed toggle buttons', async () => {
    serve(1);
    const user = userEvent.setup();
    renderInterview(question(1));
    const record = await screen.findByRole('button', { name: 'Record' });
    expect(record).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Tap to record' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Write' }));
    expect(screen.getByRole('button', { name: 'Write' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByRole('button', { name: 'Tap to record' })).not.toBeInTheDocument();
  });

  it('offers writing, and says why, in a browser that cannot record', async () => {
    vi.stubGlobal('MediaRecorder', undefined);
    serve(1);
    renderInterview(question(1));
    expect(await screen.findByText('Recording is not supported in this browser. Please write your answer instead.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Your answer' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'How would you like to answer?' })).not.toBeInTheDocument();
  });

  it.each([
    [404, { code: 'NOT_FOUND', message: 'This interview link has expired.' }, 'This interview link has expired.'],
    [403, undefined, 'Access denied. This interview may have already been completed or the link has expired.'],
    [502, undefined, 'Unable to load question (Error 502). Please try again or contact support.'],
  ] as const)('shows the spec’s text when the question fails with %i', async (status, body, text) => {
    // Without a body: what a gateway in front answers, not the route (raw skips the error shape).
    mockApi({ getMentorInterview: when(interview(), profile()), getMentorResponse: when(interview(2), () => (body ? fail(status, body) : raw(new Response(null, { status })))) });
    renderInterview(question(2));
    expect(await screen.findByText(text)).toBeInTheDocument();
  });
});
