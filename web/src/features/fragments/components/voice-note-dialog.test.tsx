import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { callsTo, fail, reply } from '@/test/mock-api.ts';
import { fakeMicrophone } from '@/test/fake-microphone.ts';
import { fragment, mockFragments, renderFragments } from '../test/fragments-test-kit.tsx';

async function openRecorder(user: ReturnType<typeof userEvent.setup>) {
  await screen.findByRole('option', { name: /Clarity is kindness/ });
  await user.click(screen.getByRole('button', { name: /Voice note/ }));
  return screen.getByRole('dialog', { name: 'Voice note' });
}

describe('Fragments: the voice note', () => {
  it('records with a 90-second countdown and uploads the audio; the transcript becomes the fragment', async () => {
    fakeMicrophone();
    const spy = mockFragments(undefined, { createVoiceFragment: () => reply(fragment({ id: 'v1', content: 'Remember to thank Priya', source: 'voice' }), 201) });
    const user = userEvent.setup();
    renderFragments();
    const dialog = await openRecorder(user);
    await user.click(within(dialog).getByRole('button', { name: 'Start recording' }));
    expect(within(dialog).getByRole('timer', { name: /^(90|89) seconds left$/ })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Stop and transcribe' }));

    expect(await screen.findByText('Fragment captured')).toBeInTheDocument();
    const form = callsTo(spy, 'createVoiceFragment')[0]!.body as FormData;
    expect(form.get('audio')).toBeInstanceOf(Blob);
    expect(Number(form.get('duration_ms'))).toBeLessThan(90_000);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('is not offered where the server cannot transcribe, since the recording could not be kept; the voice link opens the written capture', async () => {
    mockFragments(undefined, { getSpeechConfig: { sttExternal: false, ttsExternal: false } });
    const { router } = renderFragments('/fragments?capture=voice');
    expect(await screen.findByRole('dialog', { name: 'Quick Fragment' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    // Behind the open dialog, the panel offers the ways in that work here.
    expect(screen.getByRole('button', { name: /Quick Fragment/, hidden: true })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Voice note/, hidden: true })).not.toBeInTheDocument();
  });

  it('shows the server’s own message when a voice note is refused', async () => {
    fakeMicrophone();
    mockFragments(undefined, {
      createVoiceFragment: () => fail(429, { code: 'RATE_LIMITED', message: 'You have recorded many voice notes today. Try again tomorrow.' }),
    });
    const user = userEvent.setup();
    renderFragments();
    const dialog = await openRecorder(user);
    await user.click(within(dialog).getByRole('button', { name: 'Start recording' }));
    await user.click(within(dialog).getByRole('button', { name: 'Stop and transcribe' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You have recorded many voice notes today. Try again tomorrow.');
    expect(within(dialog).getByRole('button', { name: 'Record again' })).toBeInTheDocument();
  });

  it('explains a blocked microphone', async () => {
    fakeMicrophone({ deny: true });
    mockFragments();
    const user = userEvent.setup();
    renderFragments();
    const dialog = await openRecorder(user);
    await user.click(within(dialog).getByRole('button', { name: 'Start recording' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The microphone is blocked');
  });

  it('stops by itself at 90 seconds and sends the note', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date', 'performance'] });
    try {
      fakeMicrophone();
      const spy = mockFragments(undefined, { createVoiceFragment: () => reply(fragment({ id: 'v2', content: 'A long thought', source: 'voice' }), 201) });
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      renderFragments();
      const dialog = await openRecorder(user);
      await user.click(within(dialog).getByRole('button', { name: 'Start recording' }));
      await act(() => vi.advanceTimersByTimeAsync(30_000));
      expect(within(dialog).getByRole('timer', { name: /^(60|59) seconds left$/ })).toBeInTheDocument();
      await act(() => vi.advanceTimersByTimeAsync(61_000));
      await waitFor(() => expect(callsTo(spy, 'createVoiceFragment')).toHaveLength(1));
      const form = callsTo(spy, 'createVoiceFragment')[0]!.body as FormData;
      expect(Number(form.get('duration_ms'))).toBe(90_000);
    } finally {
      vi.useRealTimers();
    }
  });
});
