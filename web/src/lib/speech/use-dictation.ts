import { SPEECH_AUDIO_FIELD, SPEECH_LANGUAGE_FIELD } from '@meld/shared';
import { useEffect, useRef, useState } from 'react';
import { apiRequest } from '../api-client.ts';
import { canRecord, isMicDenied } from '../media.ts';
import { useMediaRecorder } from '../use-media-recorder.ts';
import { useUserSettings, useUserSettingsKnown } from '../user-settings.ts';
import { levelToDecibels, recognitionConstructor, transcriptOf, type Recognition } from './browser-recognition.ts';
import { useSpeechConfig, useSpeechConfigKnown } from './speech-queries.ts';
import { AUTO_SEND_OFF, speechEngine } from './speech-settings.ts';

/** How long the microphone must stay under the silence level before a recording ends by itself. */
const SILENCE_MS = 1500;
/** A dictated message is a few minutes at most; the server refuses longer audio anyway. */
const MAX_RECORDING_MS = 5 * 60_000;

export type DictationState = 'idle' | 'listening' | 'transcribing';
export type DictationProblem = 'denied' | 'unsupported' | 'failed' | 'nothingHeard';

interface DictationOptions {
  /** The words so far (interim while the browser listens); replaces what the last call gave. */
  onTranscript: (text: string) => void;
  /** Auto-send: the transcript has been left alone for the chosen number of seconds. */
  onAutoSend: () => void;
  onProblem: (problem: DictationProblem) => void;
}

/**
 * Dictation with the user's speech settings: the browser's recogniser, or a recording the server
 * transcribes. Auto-transcribe ends it after a silence (the browser decides, or the microphone
 * stays under the decibel setting); auto-send then sends the text after its seconds.
 */
export function useDictation({ onTranscript, onAutoSend, onProblem }: DictationOptions) {
  const settings = useUserSettings();
  const { sttExternal } = useSpeechConfig();
  const engine = speechEngine(settings.engineSTT, sttExternal);
  // Until the member's settings and the server's engines are known, the engine above is a guess:
  // a click then would listen with the browser's recogniser though she chose the server's.
  const settingsKnown = useUserSettingsKnown();
  const enginesKnown = useSpeechConfigKnown();
  const ready = settingsKnown && enginesKnown;
  const [state, setState] = useState<DictationState>('idle');
  const recognition = useRef<Recognition | null>(null);
  const heard = useRef(false);
  const stopping = useRef(false);
  const quietSince = useRef<number | null>(null);
  const sendTimer = useRef<number | undefined>(undefined);
  const onLimit = useRef<() => void>(() => undefined);
  const recorder = useMediaRecorder(state === 'listening' && engine === 'external', onLimit, MAX_RECORDING_MS);

  // The composer's callbacks as of its last render: an auto-send fires seconds after dictation ends.
  const handlers = useRef({ onTranscript, onAutoSend, onProblem });
  useEffect(() => {
    handlers.current = { onTranscript, onAutoSend, onProblem };
  });
  const transcript = (text: string) => handlers.current.onTranscript(text);
  const problem = (kind: DictationProblem) => handlers.current.onProblem(kind);

  const finished = (text: string) => {
    setState('idle');
    if (!text || settings.autoSendText === AUTO_SEND_OFF) return;
    window.clearTimeout(sendTimer.current);
    sendTimer.current = window.setTimeout(() => handlers.current.onAutoSend(), settings.autoSendText * 1000);
  };

  const stopRecording = async () => {
    // The silence check runs on every level reading: only its first call stops.
    if (stopping.current) return;
    stopping.current = true;
    const recording = await recorder.stop().finally(() => {
      stopping.current = false;
    });
    if (!recording) return setState('idle');
    setState('transcribing');
    const form = new FormData();
    form.append(SPEECH_AUDIO_FIELD, recording.blob, `dictation.${recording.blob.type.includes('mp4') ? 'mp4' : 'webm'}`);
    // The server's engine hears the language the member chose; left empty, it identifies it.
    if (settings.languageSTT) form.append(SPEECH_LANGUAGE_FIELD, settings.languageSTT);
    try {
      const { text } = await apiRequest('speechToText', { form });
      if (!text.trim()) problem('nothingHeard');
      else transcript(text.trim());
      finished(text.trim());
    } catch {
      problem('failed');
      setState('idle');
    }
  };

  const stop = () => {
    if (state !== 'listening') return;
    if (recognition.current) recognition.current.stop();
    else void stopRecording();
  };

  useEffect(() => {
    onLimit.current = stop;
  });

  const startBrowser = () => {
    const Constructor = recognitionConstructor();
    if (!Constructor) return problem('unsupported');
    const recogniser = new Constructor();
    recogniser.lang = settings.languageSTT || navigator.language;
    // Auto-transcribe lets the browser end at the first silence; otherwise it listens until stopped.
    recogniser.continuous = !settings.autoTranscribeAudio;
    recogniser.interimResults = true;
    let text = '';
    recogniser.onresult = (event) => {
      text = transcriptOf(event.results);
      transcript(text);
    };
    recogniser.onerror = (event) => {
      if (event.error === 'not-allowed' || event.error === 'service-not-allowed') problem('denied');
      else if (event.error !== 'no-speech' && event.error !== 'aborted') problem('failed');
    };
    recogniser.onend = () => {
      recognition.current = null;
      finished(text);
    };
    recognition.current = recogniser;
    recogniser.start();
    setState('listening');
  };

  const startExternal = async () => {
    if (!canRecord()) return problem('unsupported');
    heard.current = false;
    quietSince.current = null;
    try {
      await recorder.start();
      setState('listening');
    } catch (error) {
      problem(isMicDenied(error) ? 'denied' : 'failed');
    }
  };

  const start = () => {
    window.clearTimeout(sendTimer.current);
    if (engine === 'external') void startExternal();
    else startBrowser();
  };

  // Auto-transcribe with the server: a silence after some sound ends the recording.
  useEffect(() => {
    if (state !== 'listening' || engine !== 'external' || !settings.autoTranscribeAudio) return;
    const now = performance.now();
    if (levelToDecibels(recorder.level) > settings.decibelValue) {
      heard.current = true;
      quietSince.current = null;
      return;
    }
    quietSince.current ??= now;
    if (heard.current && now - quietSince.current >= SILENCE_MS) void stopRecording();
  });

  useEffect(
    () => () => {
      window.clearTimeout(sendTimer.current);
      recognition.current?.abort();
    },
    [],
  );

  /** Typing or sending by hand cancels a pending auto-send. */
  const cancelAutoSend = () => window.clearTimeout(sendTimer.current);

  return { state, engine, ready, start, stop, cancelAutoSend, elapsedMs: recorder.elapsedMs };
}
