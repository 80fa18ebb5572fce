import { DEFAULT_USER_SETTINGS, type Message, type UserSettings } from '@meld/shared';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '@/lib/auth-session.ts';
import { stopSpeaking } from '@/lib/speech/speech-player.ts';
import { TTS_CACHE_NAME } from '@/lib/speech/tts-cache.ts';
import { dismissToast, getToasts } from '@/lib/toast.ts';
import { callsTo, fail, mockApi, raw } from '@/test/mock-api.ts';
import { testUser } from '@/test/fixtures.ts';
import { renderAt } from '@/test/render.tsx';
import { SpeakMessageButton } from './speak-message-button.tsx';

const reply = (text: string): Message =>
  ({ messageId: 'm1', conversationId: 'c1', parentMessageId: 'q1', text, sender: 'Demo', isCreatedByUser: false, createdAt: '2026-11-22T12:00:00.000Z' }) as Message;

/** speechSynthesis as Chromium has it, recording what it was asked to say. */
function fakeSynthesis() {
  const spoken: SpeechSynthesisUtterance[] = [];
  const synthesis = { getVoices: () => [{ name: 'Anna', lang: 'en-US', localService: true }], speak: vi.fn((u: SpeechSynthesisUtterance) => spoken.push(u)), cancel: vi.fn() };
  vi.stubGlobal('speechSynthesis', synthesis);
  vi.stubGlobal(
    'SpeechSynthesisUtterance',
    class {
      voice: unknown = null;
      lang = '';
      rate = 1;
      onend: (() => void) | null = null;
      onerror: ((event: { error: string }) => void) | null = null;
      constructor(readonly text: string) {}
    },
  );
  return { spoken, synthesis };
}

/** An <audio> that plays at once (or refuses), remembering what it was given. */
function fakeAudio({ refuse = false } = {}) {
  const played: { src: string; playbackRate: number }[] = [];
  vi.stubGlobal(
    'Audio',
    class {
      playbackRate = 1;
      onended: (() => void) | null = null;
      onerror: (() => void) | null = null;
      constructor(readonly src: string) {}
      play() {
        played.push(this);
        return refuse ? Promise.reject(new DOMException('no', 'NotAllowedError')) : Promise.resolve();
      }
      pause() {}
    },
  );
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:audio', revokeObjectURL: () => undefined }));
  return played;
}

/** Cache Storage in memory: jsdom has none. */
function fakeCaches() {
  const stores = new Map<string, Map<string, Response>>();
  const open = async (name: string) => {
    const store = stores.get(name) ?? new Map<string, Response>();
    stores.set(name, store);
    return { match: async (url: string) => store.get(url)?.clone(), put: async (url: string, response: Response) => void store.set(url, response) };
  };
  vi.stubGlobal('caches', { open, delete: async (name: string) => stores.delete(name) });
  return stores;
}

function renderButton(message: Message, settings: Partial<UserSettings>, tts = { ttsExternal: true, status: 200 }) {
  setSession('tok', testUser, { broadcast: false });
  const fetchSpy = mockApi({
    getUserSettings: { ...DEFAULT_USER_SETTINGS, ...settings },
    getSpeechConfig: { sttExternal: false, ttsExternal: tts.ttsExternal },
    textToSpeech: () => (tts.status === 200 ? raw(new Response(new Blob(['mp3-bytes'], { type: 'audio/mpeg' }))) : fail(tts.status, { code: 'INTERNAL_ERROR', message: 'engine down' })),
  });
  renderAt(<SpeakMessageButton message={message} />);
  return fetchSpy;
}

let stores: ReturnType<typeof fakeCaches>;
beforeEach(() => {
  stores = fakeCaches();
});
afterEach(() => {
  stopSpeaking();
  for (const toast of getToasts()) dismissToast(toast.id);
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the speaker under a reply', () => {
  it('reads the reply with the browser voice, speed and language chosen, and stops on a second click', async () => {
    const { spoken, synthesis } = fakeSynthesis();
    renderButton(reply('**Breathe** in, and [rest](https://example.com).'), { voice: 'Anna', playbackRate: 1.5, languageTTS: 'en-GB' });
    await userEvent.click(await screen.findByRole('button', { name: 'Read aloud' }));
    await waitFor(() => expect(spoken).toHaveLength(1));
    expect(spoken[0]).toMatchObject({ text: 'Breathe in, and rest.', rate: 1.5, lang: 'en-GB', voice: { name: 'Anna' } });
    await userEvent.click(screen.getByRole('button', { name: 'Stop reading' }));
    expect(synthesis.cancel).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Read aloud' })).toBeInTheDocument();
  });

  it('goes back to its speaker when the voice has finished', async () => {
    const { spoken } = fakeSynthesis();
    renderButton(reply('Short.'), {});
    await userEvent.click(await screen.findByRole('button', { name: 'Read aloud' }));
    await screen.findByRole('button', { name: 'Stop reading' });
    act(() => spoken[0]!.onend!(new Event('end') as SpeechSynthesisEvent));
    expect(await screen.findByRole('button', { name: 'Read aloud' })).toBeInTheDocument();
  });

  it('starts the server’s voice when held for a second, at the chosen speed', async () => {
    const { spoken } = fakeSynthesis();
    const played = fakeAudio();
    const fetchSpy = renderButton(reply('Held.'), { playbackRate: 0.8, cacheTTS: false });
    const button = await screen.findByRole('button', { name: 'Read aloud' });
    await waitFor(() => expect(callsTo(fetchSpy, 'getSpeechConfig')).toHaveLength(1));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.pointerDown(button, { button: 0 });
    act(() => vi.advanceTimersByTime(999));
    expect(callsTo(fetchSpy, 'textToSpeech')).toHaveLength(0);
    act(() => vi.advanceTimersByTime(1));
    fireEvent.pointerUp(button);
    fireEvent.click(button);
    vi.useRealTimers();
    await waitFor(() => expect(played).toHaveLength(1));
    expect(played[0]!.playbackRate).toBe(0.8);
    expect(spoken).toHaveLength(0);
    const [request] = callsTo(fetchSpy, 'textToSpeech');
    expect(JSON.parse(String(request!.body))).toEqual({ input: 'Held.' });
    expect(new Headers(request!.headers).get('X-Meld-Authorization')).toBe('Bearer tok');
  });

  it('keeps the server’s audio in the tts-responses cache and plays it again from there', async () => {
    const played = fakeAudio();
    const fetchSpy = renderButton(reply('Again.'), { engineTTS: 'external', voice: 'nova', cacheTTS: true });
    const button = await screen.findByRole('button', { name: 'Read aloud' });
    await waitFor(() => expect(callsTo(fetchSpy, 'getSpeechConfig')).toHaveLength(1));
    await userEvent.click(button);
    await waitFor(() => expect(played).toHaveLength(1));
    expect(JSON.parse(String(callsTo(fetchSpy, 'textToSpeech')[0]!.body))).toEqual({ input: 'Again.', voice: 'nova' });
    stopSpeaking();
    await userEvent.click(await screen.findByRole('button', { name: 'Read aloud' }));
    await waitFor(() => expect(played).toHaveLength(2));
    expect(callsTo(fetchSpy, 'textToSpeech')).toHaveLength(1);
    expect(stores.get(TTS_CACHE_NAME)?.size).toBe(1);
  });

  it('warns that a reply of 4096 characters or more takes a while', async () => {
    fakeSynthesis();
    renderButton(reply('a'.repeat(4096)), {});
    await userEvent.click(await screen.findByRole('button', { name: 'Read aloud' }));
    expect(await screen.findByText('This reply is long: its audio may take a while to prepare.')).toBeInTheDocument();
  });

  it('says the audio could not be prepared when the server fails', async () => {
    fakeAudio();
    const fetchSpy = renderButton(reply('Fails.'), { engineTTS: 'external', cacheTTS: false }, { ttsExternal: true, status: 500 });
    const button = await screen.findByRole('button', { name: 'Read aloud' });
    await waitFor(() => expect(callsTo(fetchSpy, 'getSpeechConfig')).toHaveLength(1));
    await userEvent.click(button);
    expect(await screen.findByText('The audio could not be prepared. Please try again.')).toBeInTheDocument();
  });

  it('says the browser refused to play the audio', async () => {
    fakeAudio({ refuse: true });
    const fetchSpy = renderButton(reply('Refused.'), { engineTTS: 'external', cacheTTS: false });
    const button = await screen.findByRole('button', { name: 'Read aloud' });
    await waitFor(() => expect(callsTo(fetchSpy, 'getSpeechConfig')).toHaveLength(1));
    await userEvent.click(button);
    expect(await screen.findByText('The audio could not be played in this browser.')).toBeInTheDocument();
  });

  it('is not shown while text to speech is off', async () => {
    fakeSynthesis();
    const fetchSpy = renderButton(reply('Quiet.'), { textToSpeech: false });
    await waitFor(() => expect(callsTo(fetchSpy, 'getUserSettings')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Read aloud' })).toBeNull());
  });
});
