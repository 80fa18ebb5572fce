import type { SpeechEngine } from '@meld/shared';
import { TEXT_TO_SPEECH_LIMITS } from '@meld/shared';
import { useSyncExternalStore } from 'react';
import { openStream } from '../stream-client.ts';
import { cacheSpeech, readCachedSpeech } from './tts-cache.ts';

/**
 * One voice at a time for the whole app: the speaker on a message, automatic playback of a new
 * reply, whichever starts last stops the other. Kept outside React so every speaker control can
 * show whether its message is the one being read.
 */

export interface SpeakRequest {
  /** What is being read (a message id): its speaker control shows the state. */
  id: string;
  text: string;
  engine: SpeechEngine;
  /** A browser voice's name or a server voice's id; '' for the engine's default. */
  voice: string;
  /** '' lets the voice (or the browser) choose. */
  language: string;
  rate: number;
  /** Keep the server's audio in Cache Storage and reuse it. */
  cache: boolean;
}

export interface PlaybackState {
  id: string;
  status: 'loading' | 'playing';
}

/** Spec 000 section 8: the audio could not be made (processing) or could not be played (play). */
export class SpeechPlaybackError extends Error {
  constructor(readonly kind: 'processing' | 'play', cause?: unknown) {
    super(`Speech ${kind} failed`, { cause });
    this.name = 'SpeechPlaybackError';
  }
}

let state: PlaybackState | null = null;
let stopCurrent: (() => void) | null = null;
const listeners = new Set<() => void>();

function setState(next: PlaybackState | null): void {
  state = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function usePlayback(): PlaybackState | null {
  return useSyncExternalStore(subscribe, () => state, () => state);
}

/** Stops whatever is being read. */
export function stopSpeaking(): void {
  const stop = stopCurrent;
  stopCurrent = null;
  stop?.();
  setState(null);
}

/** Markdown read aloud without its marks: code fences, emphasis, headings and link targets. */
export function speakableText(markdown: string): string {
  return markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+\.)\s+/gm, '')
    .replace(/[*_~`]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The browser's voices; without cloud voices, only those that work offline on this device. */
export function browserVoices(includeCloud: boolean): SpeechSynthesisVoice[] {
  if (typeof window.speechSynthesis === 'undefined') return [];
  return window.speechSynthesis.getVoices().filter((voice) => includeCloud || voice.localService);
}

function speakInBrowser(request: SpeakRequest, text: string): Promise<void> {
  const synthesis = window.speechSynthesis as SpeechSynthesis | undefined;
  if (!synthesis) return Promise.reject(new SpeechPlaybackError('play'));
  return new Promise((resolve, reject) => {
    const utterance = new SpeechSynthesisUtterance(text);
    const voice = synthesis.getVoices().find((candidate) => candidate.name === request.voice);
    if (voice) utterance.voice = voice;
    if (request.language) utterance.lang = request.language;
    else if (voice) utterance.lang = voice.lang;
    utterance.rate = request.rate;
    utterance.onend = () => resolve();
    // Cancelling (stop, or another message starting) is not a failure.
    utterance.onerror = (event) => (event.error === 'interrupted' || event.error === 'canceled' ? resolve() : reject(new SpeechPlaybackError('play', event.error)));
    stopCurrent = () => synthesis.cancel();
    synthesis.cancel();
    synthesis.speak(utterance);
    setState({ id: request.id, status: 'playing' });
  });
}

async function serverAudio(request: SpeakRequest, text: string, signal: AbortSignal): Promise<Blob> {
  const cached = request.cache ? await readCachedSpeech(text, request.voice).catch(() => null) : null;
  if (cached) return cached;
  let audio: Blob;
  try {
    const response = await openStream('textToSpeech', { body: { input: text, ...(request.voice ? { voice: request.voice } : {}) }, signal }, 'audio/mpeg');
    audio = await response.blob();
  } catch (error) {
    if (signal.aborted) throw error;
    throw new SpeechPlaybackError('processing', error);
  }
  if (request.cache) await cacheSpeech(text, request.voice, audio).catch(() => undefined);
  return audio;
}

async function speakWithServer(request: SpeakRequest, text: string): Promise<void> {
  const controller = new AbortController();
  let element: HTMLAudioElement | null = null;
  let url = '';
  let finish: () => void = () => undefined;
  stopCurrent = () => {
    controller.abort();
    element?.pause();
    finish();
  };
  setState({ id: request.id, status: 'loading' });
  let audio: Blob;
  try {
    audio = await serverAudio(request, text, controller.signal);
  } catch (error) {
    if (controller.signal.aborted) return;
    throw error;
  }
  if (controller.signal.aborted) return;
  url = URL.createObjectURL(audio);
  element = new Audio(url);
  element.playbackRate = request.rate;
  try {
    await new Promise<void>((resolve, reject) => {
      finish = resolve;
      element!.onended = () => resolve();
      element!.onerror = () => reject(new SpeechPlaybackError('play'));
      element!.play().then(() => setState({ id: request.id, status: 'playing' }), (error: unknown) => reject(new SpeechPlaybackError('play', error)));
    });
  } finally {
    URL.revokeObjectURL(url);
  }
}

/**
 * Reads `request.text` aloud, stopping anything read before. Resolves when it ends or is stopped;
 * rejects with a SpeechPlaybackError. The server speaks at most its input limit of a long reply.
 */
export async function speak(request: SpeakRequest): Promise<void> {
  stopSpeaking();
  const text = speakableText(request.text).slice(0, TEXT_TO_SPEECH_LIMITS.inputMax);
  if (!text) return;
  const mine = () => state?.id === request.id;
  try {
    if (request.engine === 'browser') await speakInBrowser(request, text);
    else await speakWithServer(request, text);
  } finally {
    if (mine()) {
      stopCurrent = null;
      setState(null);
    }
  }
}
