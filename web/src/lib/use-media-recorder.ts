import { MENTOR_INTERVIEW_TIMING } from '@meld/shared';
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { AUDIO_CONSTRAINTS, levelMeter, pickMimeType } from './media.ts';

export interface Recording {
  blob: Blob;
  durationMs: number;
}

interface Session {
  stream: MediaStream;
  recorder: MediaRecorder;
  chunks: Blob[];
  /** Time recorded before the current run (pauses excluded). */
  bankedMs: number;
  runStartedAt: number | null;
  meter: ReturnType<typeof levelMeter>;
}

const TICK_MS = 100;

function elapsedOf(session: Session): number {
  return session.bankedMs + (session.runStartedAt === null ? 0 : performance.now() - session.runStartedAt);
}

/**
 * The microphone side of the recorder: one MediaRecorder at a time, a chunk every second, the
 * recorded time without pauses, and a level reading while `running`. `onLimit` is called when a
 * recording reaches `maxMs` (the mentor interview's answer, a fragment's voice note).
 */
export function useMediaRecorder(running: boolean, onLimit: RefObject<() => void>, maxMs: number) {
  const session = useRef<Session | null>(null);
  const [elapsedMs, setElapsedMs] = useState(0);
  const [level, setLevel] = useState(0);

  const release = useCallback(() => {
    const current = session.current;
    if (!current) return;
    session.current = null;
    current.meter?.close();
    for (const track of current.stream.getTracks()) track.stop();
  }, []);

  useEffect(() => release, [release]);

  /** Asks for the microphone and starts recording; rejects when permission is refused. */
  const start = useCallback(async () => {
    release();
    const stream = await navigator.mediaDevices.getUserMedia(AUDIO_CONSTRAINTS);
    const mimeType = pickMimeType();
    const recorder = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
    const current: Session = { stream, recorder, chunks: [], bankedMs: 0, runStartedAt: performance.now(), meter: levelMeter(stream) };
    recorder.addEventListener('dataavailable', (event: BlobEvent) => {
      if (event.data.size > 0) current.chunks.push(event.data);
    });
    recorder.start(MENTOR_INTERVIEW_TIMING.recorderChunkMs);
    session.current = current;
    setElapsedMs(0);
  }, [release]);

  const pause = useCallback(() => {
    const current = session.current;
    if (!current || current.runStartedAt === null) return;
    current.recorder.pause();
    current.bankedMs = elapsedOf(current);
    current.runStartedAt = null;
    setElapsedMs(current.bankedMs);
    setLevel(0);
  }, []);

  const resume = useCallback(() => {
    const current = session.current;
    if (!current || current.runStartedAt !== null) return;
    current.recorder.resume();
    current.runStartedAt = performance.now();
  }, []);

  /** Stops, waits for the last chunk and hands back the whole recording. */
  const stop = useCallback(async (): Promise<Recording | null> => {
    const current = session.current;
    if (!current) return null;
    const durationMs = elapsedOf(current);
    const stopped = new Promise<void>((resolve) => current.recorder.addEventListener('stop', () => resolve(), { once: true }));
    if (current.recorder.state !== 'inactive') current.recorder.stop();
    await stopped;
    release();
    setLevel(0);
    return { blob: new Blob(current.chunks, { type: current.recorder.mimeType || 'audio/webm' }), durationMs };
  }, [release]);

  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(() => {
      const current = session.current;
      if (!current) return;
      const elapsed = elapsedOf(current);
      setElapsedMs(elapsed);
      setLevel(current.meter?.read() ?? 0);
      if (elapsed >= maxMs) onLimit.current();
    }, TICK_MS);
    return () => window.clearInterval(timer);
  }, [maxMs, onLimit, running]);

  return { start, pause, resume, stop, release, elapsedMs, level };
}
