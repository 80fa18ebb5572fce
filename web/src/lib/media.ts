import { MENTOR_INTERVIEW_TIMING } from '@meld/shared';

/** The spec's recording settings (section 9): echo cancellation, noise suppression, 44.1 kHz. */
export const AUDIO_CONSTRAINTS: MediaStreamConstraints = {
  audio: { echoCancellation: true, noiseSuppression: true, sampleRate: MENTOR_INTERVIEW_TIMING.sampleRate },
};

const PREFERRED_TYPES = ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg;codecs=opus', 'audio/mp4'];

/** Opus in WebM when the browser can; otherwise the first type it supports (Safari records mp4), or its default. */
export function pickMimeType(): string | undefined {
  if (typeof MediaRecorder === 'undefined' || typeof MediaRecorder.isTypeSupported !== 'function') return undefined;
  return PREFERRED_TYPES.find((type) => MediaRecorder.isTypeSupported(type));
}

export function canRecord(): boolean {
  return typeof MediaRecorder !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';
}

/** Permission refused (or no microphone at all): the mentor needs the instructions, not a retry. */
export function isMicDenied(error: unknown): boolean {
  return error instanceof DOMException && ['NotAllowedError', 'SecurityError', 'NotFoundError', 'PermissionDeniedError'].includes(error.name);
}

/** A 0-1 loudness reading from the stream, for the level meter; null where Web Audio is missing. */
export function levelMeter(stream: MediaStream): { read: () => number; close: () => void } | null {
  const Context = window.AudioContext as typeof AudioContext | undefined;
  if (!Context) return null;
  const context = new Context();
  // Some browsers start a context suspended outside a gesture's turn; the meter would read silence.
  void context.resume().catch(() => undefined);
  const analyser = context.createAnalyser();
  analyser.fftSize = 512;
  context.createMediaStreamSource(stream).connect(analyser);
  const samples = new Uint8Array(analyser.fftSize);
  return {
    read: () => {
      analyser.getByteTimeDomainData(samples);
      let sum = 0;
      for (const sample of samples) sum += ((sample - 128) / 128) ** 2;
      // Loudness is heard on a root scale: a quiet voice should still move a few bars.
      const rms = Math.sqrt(sum / samples.length);
      return Math.min(1, Math.sqrt(rms) * 1.6);
    },
    close: () => void context.close().catch(() => undefined),
  };
}
