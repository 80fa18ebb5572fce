import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, type ApiMocks } from '@/test/mock-api.ts';
import { clearToastsAfterEach, renderSettingsAt, settingsServer } from '../test/settings-test-kit.tsx';

clearToastsAfterEach();
afterEach(() => vi.unstubAllGlobals());

const noServerSpeech: ApiMocks = { getSpeechConfig: { sttExternal: false, ttsExternal: false } };
const serverSpeech: ApiMocks = {
  getSpeechConfig: { sttExternal: true, ttsExternal: true },
  listSpeechVoices: { engine: 'openai', defaultVoice: 'alloy', voices: [{ id: 'alloy', name: 'Alloy' }, { id: 'nova', name: 'Nova' }] },
};

function browserVoices(voices: { name: string; lang: string; localService: boolean }[]) {
  vi.stubGlobal('speechSynthesis', { getVoices: () => voices, addEventListener: vi.fn(), removeEventListener: vi.fn(), speak: vi.fn(), cancel: vi.fn() });
}

describe('speech settings', () => {
  it('turns conversation mode on with auto-transcribe, a 3 s auto-send and -45 dB, in one change', async () => {
    const server = settingsServer({ decibelValue: -70, autoSendText: 10 });
    mockApi({ ...server.routes, ...noServerSpeech });
    renderSettingsAt('speech');
    await userEvent.click(await screen.findByRole('switch', { name: 'Conversation mode' }));
    await waitFor(() => expect(server.state.patches).toEqual([{ conversationMode: true, autoTranscribeAudio: true, autoSendText: 3, decibelValue: -45 }]));
    await userEvent.click(screen.getByRole('switch', { name: 'Conversation mode' }));
    await waitFor(() => expect(server.state.patches[1]).toEqual({ conversationMode: false, autoTranscribeAudio: false, autoSendText: -1 }));
  });

  it('offers the server engines only when the server has them, and reads a stored server engine as the browser otherwise', async () => {
    const server = settingsServer({ engineTTS: 'external' });
    mockApi({ ...server.routes, ...noServerSpeech });
    renderSettingsAt('speech');
    const tts = await screen.findByRole('region', { name: 'Text to speech' });
    const engine = within(tts).getByRole('combobox', { name: 'Engine' });
    await waitFor(() => expect(screen.getByText('The server has no engine for this yet; the browser’s is used.')).toBeInTheDocument());
    expect(engine).toHaveValue('browser');
    expect(within(engine).queryByRole('option', { name: 'Server' })).toBeNull();
  });

  it('switches to the server engine and lists the server’s voices', async () => {
    const server = settingsServer();
    mockApi({ ...server.routes, ...serverSpeech });
    browserVoices([{ name: 'Local Anna', lang: 'en-US', localService: true }]);
    renderSettingsAt('speech');
    const stt = await screen.findByRole('region', { name: 'Speech to text' });
    const sttEngine = within(stt).getByRole('combobox', { name: 'Engine' });
    await waitFor(() => expect(within(sttEngine).getByRole('option', { name: 'Server' })).toBeInTheDocument());
    await userEvent.selectOptions(sttEngine, 'external');
    const tts = screen.getByRole('region', { name: 'Text to speech' });
    expect(within(tts).getByRole('option', { name: 'Local Anna (en-US)' })).toBeInTheDocument();
    await userEvent.selectOptions(within(tts).getByRole('combobox', { name: 'Engine' }), 'external');
    const voice = within(tts).getByRole('combobox', { name: 'Voice' });
    await waitFor(() => expect(within(voice).getByRole('option', { name: 'Nova' })).toBeInTheDocument());
    await userEvent.selectOptions(voice, 'nova');
    await waitFor(() => expect(server.state.settings).toMatchObject({ engineSTT: 'external', engineTTS: 'external', voice: 'nova' }));
  });

  it('keeps the advanced view as a setting, and offers online browser voices only when asked', async () => {
    const server = settingsServer();
    mockApi({ ...server.routes, ...noServerSpeech });
    browserVoices([
      { name: 'Local Anna', lang: 'en-US', localService: true },
      { name: 'Cloud Ben', lang: 'en-GB', localService: false },
    ]);
    renderSettingsAt('speech');
    expect(await screen.findByRole('tab', { name: 'Simple', selected: true })).toBeInTheDocument();
    expect(screen.queryByRole('slider', { name: 'Silence level' })).toBeNull();
    await userEvent.click(screen.getByRole('tab', { name: 'Advanced' }));
    await waitFor(() => expect(server.state.patches).toEqual([{ advancedMode: true }]));
    expect(screen.getByRole('slider', { name: 'Silence level' })).toHaveAttribute('min', '-100');
    expect(screen.getByRole('slider', { name: 'Silence level' })).toHaveAttribute('max', '-30');
    expect(screen.getByRole('slider', { name: 'Send after silence' })).toHaveAttribute('aria-valuetext', 'Off');
    expect(screen.queryByRole('option', { name: 'Cloud Ben (en-GB)' })).toBeNull();
    await userEvent.click(screen.getByRole('switch', { name: 'Online browser voices' }));
    expect(await screen.findByRole('option', { name: 'Cloud Ben (en-GB)' })).toBeInTheDocument();
  });

  it('saves the speed once the slider settles, and a double-click puts it back to normal', async () => {
    const server = settingsServer({ advancedMode: true, playbackRate: 1.5 });
    mockApi({ ...server.routes, ...noServerSpeech });
    renderSettingsAt('speech');
    const speed = await screen.findByRole('slider', { name: 'Speed' });
    await waitFor(() => expect(speed).toHaveValue('1.5'));
    fireEvent.change(speed, { target: { value: '1.7' } });
    fireEvent.change(speed, { target: { value: '1.8' } });
    expect(speed).toHaveAttribute('aria-valuetext', '1.8×');
    await waitFor(() => expect(server.state.patches).toEqual([{ playbackRate: 1.8 }]));
    fireEvent.doubleClick(speed);
    expect(speed).toHaveValue('1');
    await waitFor(() => expect(server.state.patches).toEqual([{ playbackRate: 1.8 }, { playbackRate: 1 }]));
  });

  it('hides the dictation choices while dictation is off', async () => {
    const server = settingsServer({ speechToText: false });
    mockApi({ ...server.routes, ...noServerSpeech });
    renderSettingsAt('speech');
    const stt = await screen.findByRole('region', { name: 'Speech to text' });
    await waitFor(() => expect(within(stt).getByRole('switch', { name: 'Dictation' })).toHaveAttribute('aria-checked', 'false'));
    expect(within(stt).queryByRole('combobox', { name: 'Language' })).toBeNull();
  });
});
