import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiMocks, callsTo, type MockAnswer, mockApi, when } from '@/test/mock-api.ts';
import { FakeMediaRecorder, fakeMicrophone, interview, profile, renderInterview, sentJson, stage, TOKEN } from '../test-kit.tsx';

const page = `/mentor-interview/${TOKEN}/question/1`;
const button = (name: string | RegExp) => screen.getByRole('button', { name });

function serve(upload: () => MockAnswer<'saveMentorResponse'>, extra: ApiMocks = {}) {
  return mockApi({
    getMentorInterview: when(interview(), profile()),
    getMentorResponse: when(interview(1), stage(1)),
    saveMentorResponse: when(interview(1), ({ init }) => (init.body instanceof FormData ? upload() : { success: true, response_text: '', status: 'draft' })),
    ...extra,
  });
}

async function recordAndSave(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Tap to record' }));
  await user.click(button('Stop & Save'));
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the answer card’s recorder', { timeout: 20_000 }, () => {
  it('records with the spec’s settings, pauses and resumes on tap, then Stop & Save uploads the audio and shows the transcript', async () => {
    const { getUserMedia, track } = fakeMicrophone();
    const fetchSpy = serve(() => ({ success: true, response_text: 'I learned to listen first.', status: 'transcribed' }));
    const user = userEvent.setup();
    renderInterview(page);

    expect(await screen.findByText('Ready to record')).toBeInTheDocument();
    await user.click(button('Tap to record'));
    expect(getUserMedia).toHaveBeenCalledWith({ audio: { echoCancellation: true, noiseSuppression: true, sampleRate: 44_100 } });
    const recorder = FakeMediaRecorder.instances[0]!;
    expect(recorder.mimeType).toBe('audio/webm;codecs=opus');
    expect(recorder.timeslice).toBe(1000);
    expect(screen.getByText('Recording')).toHaveAttribute('aria-live', 'polite');
    expect(screen.getByRole('timer', { name: 'Recorded time' })).toHaveTextContent('0:00');
    expect(screen.getByRole('meter', { name: 'Microphone level' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'How would you like to answer?' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Different Question' })).not.toBeInTheDocument();

    await user.click(button('Tap to pause'));
    expect(screen.getByText('Paused')).toBeInTheDocument();
    expect(recorder.state).toBe('paused');
    await user.click(button('Tap to resume'));
    expect(screen.getByText('Recording')).toBeInTheDocument();
    expect(recorder.state).toBe('recording');

    await user.click(button('Stop & Save'));
    expect(await screen.findByText('I learned to listen first.')).toBeInTheDocument();
    expect(screen.getByText('Transcription ready')).toBeInTheDocument();
    expect(track.stop).toHaveBeenCalled();
    const form = callsTo(fetchSpy, 'saveMentorResponse', interview(1))[0]!.body as FormData;
    expect(form.get('audio')).toBeInstanceOf(Blob);
    expect(Number(form.get('duration_ms'))).toBeGreaterThanOrEqual(0);
    expect(button('Approve and continue')).toBeEnabled();
  });

  it('edits the transcription inline (Cancel keeps it, Save stores it) and deletes it to record again', async () => {
    fakeMicrophone();
    const fetchSpy = serve(() => ({ success: true, response_text: 'Words.', status: 'transcribed' }));
    const user = userEvent.setup();
    renderInterview(page);
    await recordAndSave(user);
    await screen.findByText('Words.');

    await user.click(button('Edit transcription'));
    await user.type(screen.getByRole('textbox', { name: 'Edit your transcribed answer' }), ' More.');
    // While the edit is open, approving would submit the text being replaced.
    expect(button('Approve and continue')).toBeDisabled();
    await user.click(button('Cancel'));
    expect(screen.getByText('Words.')).toBeInTheDocument();
    expect(button('Approve and continue')).toBeEnabled();

    await user.click(button('Edit transcription'));
    await user.type(screen.getByRole('textbox', { name: 'Edit your transcribed answer' }), ' Better.');
    await user.click(button('Save'));
    // The edit box holds the new words too: the edit is saved once the box gives way to the transcript.
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Edit your transcribed answer' })).not.toBeInTheDocument());
    expect(screen.getByText('Words. Better.')).toBeInTheDocument();
    expect(sentJson(callsTo(fetchSpy, 'saveMentorResponse', interview(1))[1]!)).toEqual({ response_text: 'Words. Better.' });
    expect(button('Approve and continue')).toBeEnabled();

    await user.click(button('Delete and re-record'));
    expect(await screen.findByRole('button', { name: 'Tap to record' })).toBeInTheDocument();
    expect(sentJson(callsTo(fetchSpy, 'saveMentorResponse', interview(1))[2]!)).toEqual({ response_text: '' });
    expect(screen.getByRole('button', { name: 'Record' })).toBeInTheDocument();
    expect(button('Approve and continue')).toBeDisabled();
  });

  it('shows a failed transcription, retries it on the kept audio, and Try Again goes back to idle', async () => {
    fakeMicrophone();
    const fetchSpy = serve(() => ({ success: false, response_text: '', status: 'transcription_failed', error: 'The audio was silent' }), {
      retryMentorTranscription: when(interview(1), { success: true, response_text: 'Heard it this time.', status: 'transcribed' }),
    });
    const user = userEvent.setup();
    renderInterview(page);
    await recordAndSave(user);
    expect(await screen.findByText('Please try recording again')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Transcription failed: The audio was silent');
    expect(button('Approve and continue')).toBeDisabled();

    await user.click(button('Retry transcription'));
    expect(await screen.findByText('Heard it this time.')).toBeInTheDocument();
    expect(callsTo(fetchSpy, 'retryMentorTranscription', interview(1))).toHaveLength(1);

    await user.click(button('Delete and re-record'));
    await recordAndSave(user);
    await user.click(await screen.findByRole('button', { name: 'Try Again' }));
    expect(screen.getByText('Ready to record')).toBeInTheDocument();
    expect(button('Tap to record')).toBeInTheDocument();
  });

  it('explains how to allow the microphone when it is refused, in a dialog that offers writing instead', async () => {
    fakeMicrophone({ deny: true });
    serve(() => ({ success: true, response_text: '', status: 'draft' }));
    const user = userEvent.setup();
    renderInterview(page);
    await user.click(await screen.findByRole('button', { name: 'Tap to record' }));
    const dialog = await screen.findByRole('dialog', { name: 'Microphone access needed' });
    expect(within(dialog).getByText(/allow the microphone for this site/)).toBeInTheDocument();
    expect(within(dialog).getByText(/another browser/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Write my answer' }));
    expect(screen.getByRole('textbox', { name: 'Your answer' })).toBeInTheDocument();
  });

  it('loads previously transcribed audio as complete', async () => {
    fakeMicrophone();
    mockApi({ getMentorInterview: when(interview(), profile()), getMentorResponse: when(interview(1), stage(1, { has_audio: true, status: 'transcribed', response_text: 'From last time.' })) });
    renderInterview(page);
    expect(await screen.findByText('From last time.')).toBeInTheDocument();
    expect(button('Edit transcription')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'How would you like to answer?' })).not.toBeInTheDocument();
  });
});

describe('the finalising overlay', { timeout: 20_000 }, () => {
  function serveSlowEngine(finishAfterPolls: number | null) {
    let polls = 0;
    const fetchSpy = serve(() => ({ success: true, response_text: '', status: 'transcribing' }), {
      getMentorResponse: when(interview(1), () => {
        polls += 1;
        // The first read is the page's own; later ones are the overlay's polls.
        if (polls === 1) return stage(1);
        if (finishAfterPolls !== null && polls - 1 >= finishAfterPolls) return stage(1, { has_audio: true, status: 'transcribed', response_text: 'Done at last.' });
        return stage(1, { has_audio: true, status: 'transcribing' });
      }),
    });
    return { fetchSpy, polls: () => polls - 1 };
  }

  // Only intervals are faked (the overlay's clock); timeouts stay real so replies and renders settle.
  const fakeClock = () => vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 5)));
  // A second at a time, letting each poll's reply arrive, as it would in real time.
  const advance = async (ms: number) => {
    for (let left = ms; left > 0; left -= 1_000) {
      await act(() => vi.advanceTimersByTime(Math.min(1_000, left)));
      await settle();
    }
  };

  /** findBy waits on setInterval, which is fake here: let real time pass until the element is there. */
  async function until(find: () => HTMLElement | null): Promise<HTMLElement> {
    for (let attempt = 0; attempt < 200; attempt += 1) {
      const found = find();
      if (found) return found;
      await settle();
    }
    throw new Error('never appeared');
  }

  async function startSlowTranscription(user: ReturnType<typeof userEvent.setup>) {
    await user.click(await until(() => screen.queryByRole('button', { name: 'Tap to record' })));
    await user.click(button('Stop & Save'));
    const overlay = await until(() => screen.queryByRole('dialog', { name: 'Finalising your answer' }));
    // The overlay's clock starts in an effect after it renders: let it start before time moves.
    await settle();
    await settle();
    return overlay;
  }

  it('polls every 2 s, changes its text at 5 s and 10 s, offers “Continue to review” after 8 s and closes on the transcript', async () => {
    fakeClock();
    fakeMicrophone();
    const { polls } = serveSlowEngine(6);
    const user = userEvent.setup();
    renderInterview(page);
    const overlay = await startSlowTranscription(user);
    expect(within(overlay).getByText('Transcribing your recording…')).toBeInTheDocument();
    await advance(1_900);
    expect(polls()).toBe(0);
    await advance(100);
    expect(polls()).toBe(1);
    await advance(3_000);
    expect(within(overlay).getByText(/This usually takes 5 to 10 seconds/)).toBeInTheDocument();
    expect(within(overlay).queryByRole('button', { name: 'Continue to review' })).not.toBeInTheDocument();
    await advance(3_000);
    expect(within(overlay).getByRole('button', { name: 'Continue to review' })).toBeInTheDocument();
    expect(polls()).toBe(4);
    await advance(2_000);
    expect(within(overlay).getByText(/Almost there/)).toBeInTheDocument();
    await advance(2_000);
    expect(polls()).toBe(6);
    expect(await until(() => screen.queryByText('Done at last.'))).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Your answer' })).toHaveFocus();
  });

  it('gives up after 15 s and the card says the recording is still being transcribed, with Check again', async () => {
    fakeClock();
    fakeMicrophone();
    const { polls } = serveSlowEngine(null);
    const user = userEvent.setup();
    renderInterview(page);
    await startSlowTranscription(user);
    await advance(15_000);
    expect(polls()).toBe(7);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('Your recording is still being transcribed.')).toBeInTheDocument();
    await advance(4_000);
    expect(polls()).toBe(7);
    await user.click(button('Check again'));
    expect(await until(() => screen.queryByRole('dialog', { name: 'Finalising your answer' }))).toBeInTheDocument();
  });

  it('keeps waiting while the stage reads as anything but a finished transcription', async () => {
    fakeClock();
    fakeMicrophone();
    serve(() => ({ success: true, response_text: '', status: 'transcribing' }));
    const user = userEvent.setup();
    renderInterview(page);
    await startSlowTranscription(user);
    await advance(6_000);
    expect(screen.getByRole('dialog', { name: 'Finalising your answer' })).toBeInTheDocument();
    expect(screen.queryByText('Transcription ready')).not.toBeInTheDocument();
  });

  it('closes early on “Continue to review”', async () => {
    fakeClock();
    fakeMicrophone();
    serveSlowEngine(null);
    const user = userEvent.setup();
    renderInterview(page);
    await startSlowTranscription(user);
    await advance(8_000);
    await user.click(button('Continue to review'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('Your recording is still being transcribed.')).toBeInTheDocument();
  });
});
