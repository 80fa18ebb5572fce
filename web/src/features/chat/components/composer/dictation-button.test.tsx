import { DEFAULT_USER_SETTINGS, type UserSettings } from '@meld/shared';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Recognition } from '@/lib/speech/browser-recognition.ts';
import { dismissToast, getToasts } from '@/lib/toast.ts';
import { type ApiMocks, callsTo, fail, held } from '@/test/mock-api.ts';
import { fakeMicrophone } from '@/test/fake-microphone.ts';
import { resetStreamForTests } from '../../lib/stream-store.ts';
import { chooseModel, renderComposer } from './composer-test-kit.tsx';

/** The browser's recogniser, driven by the test. */
class FakeRecognition implements Recognition {
  static last: FakeRecognition | null = null;
  lang = '';
  continuous = false;
  interimResults = false;
  onresult: Recognition['onresult'] = null;
  onerror: Recognition['onerror'] = null;
  onend: Recognition['onend'] = null;
  started = false;
  constructor() {
    FakeRecognition.last = this;
  }
  start() {
    this.started = true;
  }
  stop() {
    this.onend?.();
  }
  abort() {}
  hear(...phrases: string[]) {
    const results = phrases.map((transcript) => Object.assign([{ transcript }], { isFinal: true }));
    act(() => this.onresult?.({ resultIndex: 0, results }));
  }
}

function renderWith(settings: Partial<UserSettings>, routes: ApiMocks = {}) {
  return renderComposer('/c/new', {
    getUserSettings: { ...DEFAULT_USER_SETTINGS, ...settings },
    getSpeechConfig: { sttExternal: true, ttsExternal: false },
    ...routes,
  });
}

afterEach(() => {
  resetStreamForTests();
  for (const toast of getToasts()) dismissToast(toast.id);
  FakeRecognition.last = null;
  vi.unstubAllGlobals();
});

describe('dictation in the message box', () => {
  it('waits for her speech settings before it listens, so a quick click does not use an engine she did not choose', async () => {
    const { getUserMedia } = fakeMicrophone();
    vi.stubGlobal('webkitSpeechRecognition', FakeRecognition);
    const settings = held<'getUserSettings'>();
    renderWith({}, { getUserSettings: settings.handler });
    const dictate = await screen.findByRole('button', { name: 'Dictate' });
    expect(dictate).toBeDisabled();
    settings.answer({ ...DEFAULT_USER_SETTINGS, engineSTT: 'external' });
    await waitFor(() => expect(dictate).toBeEnabled());
    await userEvent.click(dictate);
    expect(await screen.findByRole('button', { name: 'Stop dictation' })).toBeInTheDocument();
    expect(FakeRecognition.last).toBeNull();
    expect(getUserMedia).toHaveBeenCalled();
  });

  it('writes what the browser hears after the text already typed, in the chosen language', async () => {
    vi.stubGlobal('webkitSpeechRecognition', FakeRecognition);
    renderWith({ languageSTT: 'en-GB' });
    const box = await screen.findByRole('textbox', { name: 'Message' });
    await userEvent.type(box, 'Note:');
    await userEvent.click(await screen.findByRole('button', { name: 'Dictate' }));
    const recogniser = FakeRecognition.last!;
    expect(recogniser).toMatchObject({ started: true, lang: 'en-GB', continuous: true, interimResults: true });
    recogniser.hear('call the ', 'bakery');
    expect(box).toHaveValue('Note: call the bakery');
    await userEvent.click(screen.getByRole('button', { name: 'Stop dictation' }));
    expect(screen.getByRole('button', { name: 'Dictate' })).toBeInTheDocument();
  });

  it('sends the transcript by itself once the browser hears silence and the auto-send delay has passed', async () => {
    vi.stubGlobal('webkitSpeechRecognition', FakeRecognition);
    const fetchSpy = renderWith({ autoTranscribeAudio: true, autoSendText: 1 });
    await chooseModel('demo', 'meld-demo');
    await userEvent.click(await screen.findByRole('button', { name: 'Dictate' }));
    expect(FakeRecognition.last!.continuous).toBe(false);
    FakeRecognition.last!.hear('Plan my week');
    act(() => FakeRecognition.last!.onend!());
    expect(callsTo(fetchSpy, 'askDemo')).toHaveLength(0);
    await waitFor(() => expect(callsTo(fetchSpy, 'askDemo')).toHaveLength(1), { timeout: 3000 });
    expect(JSON.parse(String(callsTo(fetchSpy, 'askDemo')[0]!.body))).toMatchObject({ text: 'Plan my week' });
  });

  it('records with the microphone and puts the server’s transcript in the box', async () => {
    const { track } = fakeMicrophone();
    const fetchSpy = renderWith({ engineSTT: 'external', languageSTT: 'en-GB' }, { speechToText: { text: 'Book the dentist for Friday.' } });
    await waitFor(() => expect(callsTo(fetchSpy, 'getSpeechConfig')).toHaveLength(1));
    await userEvent.click(await screen.findByRole('button', { name: 'Dictate' }));
    expect(await screen.findByText('Listening…')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Stop dictation' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('Book the dentist for Friday.'));
    const form = callsTo(fetchSpy, 'speechToText')[0]!.body as FormData;
    expect(form.get('audio')).toBeInstanceOf(Blob);
    expect(form.get('language')).toBe('en-GB');
    expect(track.stop).toHaveBeenCalled();
    expect(callsTo(fetchSpy, 'askDemo')).toHaveLength(0);
  });

  it('ends a server recording by itself once the microphone stays under the silence level', async () => {
    fakeMicrophone();
    const level = { loud: true };
    vi.stubGlobal(
      'AudioContext',
      class {
        resume = async () => undefined;
        close = async () => undefined;
        createMediaStreamSource = () => ({ connect: () => undefined });
        // A loud voice swings far from the 128 midpoint; silence stays on it.
        createAnalyser = () => ({ fftSize: 0, getByteTimeDomainData: (samples: Uint8Array) => samples.forEach((_, i) => (samples[i] = level.loud ? (i % 2 ? 28 : 228) : 128)) });
      },
    );
    const fetchSpy = renderWith({ engineSTT: 'external', autoTranscribeAudio: true, decibelValue: -45 }, { speechToText: { text: 'Water the plants.' } });
    await waitFor(() => expect(callsTo(fetchSpy, 'getSpeechConfig')).toHaveLength(1));
    await userEvent.click(await screen.findByRole('button', { name: 'Dictate' }));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(callsTo(fetchSpy, 'speechToText')).toHaveLength(0);
    level.loud = false;
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('Water the plants.'), { timeout: 4000 });
    expect(callsTo(fetchSpy, 'speechToText')).toHaveLength(1);
  });

  it('says so when the microphone is blocked', async () => {
    fakeMicrophone({ deny: true });
    const fetchSpy = renderWith({ engineSTT: 'external' });
    await waitFor(() => expect(callsTo(fetchSpy, 'getSpeechConfig')).toHaveLength(1));
    await userEvent.click(await screen.findByRole('button', { name: 'Dictate' }));
    expect(await screen.findByText('The microphone is blocked. Allow it in your browser to dictate.')).toBeInTheDocument();
  });

  it('says so when the server cannot make out the recording', async () => {
    fakeMicrophone();
    const fetchSpy = renderWith({ engineSTT: 'external' }, { speechToText: fail(422, { code: 'VALIDATION_ERROR', message: 'engine failed' }) });
    await waitFor(() => expect(callsTo(fetchSpy, 'getSpeechConfig')).toHaveLength(1));
    await userEvent.click(await screen.findByRole('button', { name: 'Dictate' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Stop dictation' }));
    expect(await screen.findByText('Your recording could not be turned into text. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('');
  });

  it('says when the browser cannot listen and no server engine is chosen', async () => {
    renderWith({});
    await userEvent.click(await screen.findByRole('button', { name: 'Dictate' }));
    expect(await screen.findByText('This browser cannot take dictation. Choose the server engine in Settings → Speech.')).toBeInTheDocument();
  });

  it('has no microphone while dictation is off', async () => {
    const fetchSpy = renderWith({ speechToText: false });
    await screen.findByRole('textbox', { name: 'Message' });
    await waitFor(() => expect(callsTo(fetchSpy, 'getUserSettings')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Dictate' })).toBeNull());
  });
});
