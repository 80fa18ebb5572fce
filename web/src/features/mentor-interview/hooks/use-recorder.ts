import { MENTOR_INTERVIEW_LIMITS, type MentorResponse, type SaveMentorResponseResult } from '@meld/shared';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { ApiError } from '@/lib/api-error.ts';
import { retryTranscription, saveAnswer, uploadRecording } from '../api/interview-api.ts';
import { interviewErrorText } from '../lib/interview-errors.ts';
import { canRecord, isMicDenied } from '@/lib/media.ts';
import { initialRecorderState, recorderReducer } from '../lib/recorder-machine.ts';
import { useMediaRecorder } from '@/lib/use-media-recorder.ts';

interface Options {
  token: string;
  step: number;
  response: MentorResponse;
  maxAudioBytes: number;
  onMicDenied: () => void;
}

type Result = Pick<SaveMentorResponseResult, 'status' | 'response_text' | 'error' | 'success'>;

/**
 * The recorder: its state machine (lib/recorder-machine.ts) driven by the microphone, the upload
 * and the transcription. `waiting` is 'polling' while the server's speech engine is still at
 * work, which is when the finalising overlay polls.
 */
export function useRecorder({ token, step, response, maxAudioBytes, onMicDenied }: Options) {
  const { t } = useTranslation();
  const [state, dispatch] = useReducer(recorderReducer, response, initialRecorderState);
  // polling: the overlay waits for the engine; reviewed: it stopped waiting and the card says so.
  const [waiting, setWaiting] = useState<'no' | 'polling' | 'reviewed'>(response.status === 'transcribing' ? 'polling' : 'no');
  const [notice, setNotice] = useState<string | null>(null);
  // Whether "Retry transcription" can work: the server kept the audio, or the browser still has it.
  const [retryable, setRetryable] = useState(response.status === 'transcription_failed' && response.has_audio);
  // A recording whose upload never reached the server is kept, so "Retry" sends it again.
  const unsent = useRef<{ blob: Blob; durationMs: number } | null>(null);
  const limitReached = useRef(() => undefined as void);
  const media = useMediaRecorder(state.status === 'recording', limitReached, MENTOR_INTERVIEW_LIMITS.recordingMaxMs);

  /** Applies what the server says about the stage's audio answer. */
  const apply = useCallback(
    (result: Result) => {
      if (result.status === 'transcribing') {
        setWaiting('polling');
        return;
      }
      setWaiting('no');
      if (result.status === 'transcription_failed' || !result.success) {
        setRetryable(true);
        dispatch({ type: 'failed', error: result.error || t('mentorInterview.recorder.failedBody') });
      } else {
        dispatch({ type: 'transcribed', transcript: result.response_text });
      }
    },
    [t],
  );

  const failWith = useCallback((error: unknown) => {
    setWaiting('no');
    setRetryable(unsent.current !== null || (error instanceof ApiError && (error.isNetworkError || error.status >= 500)));
    const message = error instanceof ApiError && !error.isNetworkError && error.status < 500 && error.code !== 'HTTP_ERROR' ? error.message : interviewErrorText(error);
    dispatch({ type: 'failed', error: message });
  }, []);

  const send = useCallback(
    async (recording: { blob: Blob; durationMs: number }) => {
      unsent.current = recording;
      dispatch({ type: 'uploading' });
      try {
        const result = await uploadRecording(token, step, recording.blob, recording.durationMs);
        unsent.current = null;
        apply(result);
      } catch (error) {
        // Refused outright (too large, no engine): sending the same bytes again will not help.
        if (error instanceof ApiError && error.status >= 400 && error.status < 500) unsent.current = null;
        failWith(error);
      }
    },
    [apply, failWith, step, token],
  );

  const stopAndSave = useCallback(async () => {
    dispatch({ type: 'stop' });
    const recording = await media.stop();
    if (!recording) return;
    if (recording.blob.size > maxAudioBytes) {
      setRetryable(false);
      dispatch({ type: 'failed', error: t('mentorInterview.recorder.tooLarge') });
      return;
    }
    await send(recording);
  }, [maxAudioBytes, media, send, t]);

  // The longest recording the interview takes is stopped and saved as it is.
  useEffect(() => {
    limitReached.current = () => {
      setNotice(t('mentorInterview.recorder.limitReached', { minutes: String(MENTOR_INTERVIEW_LIMITS.recordingMaxMs / 60_000) }));
      void stopAndSave();
    };
  }, [stopAndSave, t]);

  const tap = useCallback(async () => {
    setNotice(null);
    if (state.status === 'recording') media.pause();
    else if (state.status === 'paused') media.resume();
    else if (state.status === 'idle') {
      if (!canRecord()) {
        setNotice(t('mentorInterview.recorder.unsupported'));
        return;
      }
      try {
        await media.start();
      } catch (error) {
        if (isMicDenied(error)) onMicDenied();
        else setNotice(t('mentorInterview.recorder.unsupported'));
        return;
      }
    } else return;
    dispatch({ type: 'tap' });
  }, [media, onMicDenied, state.status, t]);

  const retry = useCallback(async () => {
    dispatch({ type: 'retry' });
    if (unsent.current) {
      await send(unsent.current);
      return;
    }
    try {
      apply(await retryTranscription(token, step));
    } catch (error) {
      failWith(error);
    }
  }, [apply, failWith, send, step, token]);

  const tryAgain = useCallback(() => {
    unsent.current = null;
    setRetryable(false);
    dispatch({ type: 'tryAgain' });
  }, []);

  /** Saves an edited transcription; resolves false when the save failed. */
  const saveEdit = useCallback(
    async (transcript: string) => {
      try {
        await saveAnswer(token, step, { response_text: transcript });
        dispatch({ type: 'edited', transcript });
        return true;
      } catch {
        return false;
      }
    },
    [step, token],
  );

  /** Clears the saved answer so a reload does not bring it back, then starts over. */
  const deleteAndRerecord = useCallback(async () => {
    try {
      await saveAnswer(token, step, { response_text: '' });
    } catch {
      setNotice(t('mentorInterview.card.saveFailed'));
      return;
    }
    dispatch({ type: 'delete' });
  }, [step, t, token]);

  /** A polled answer: once the engine has finished, the recorder shows its transcript or its failure. */
  const applyResponse = useCallback(
    (latest: MentorResponse) => {
      // Only a finished engine moves the recorder (its text, or its failure); any other read keeps waiting.
      const finished = ['transcribed', 'transcription_failed', 'submitted'].includes(latest.status) || (latest.status === 'draft' && latest.response_text.trim() !== '');
      if (!finished) return;
      apply({ status: latest.status, response_text: latest.response_text, success: latest.status !== 'transcription_failed', error: latest.transcription_error ?? undefined });
    },
    [apply],
  );

  return {
    state,
    waiting,
    notice,
    retryable,
    elapsedMs: media.elapsedMs,
    level: media.level,
    tap,
    stopAndSave,
    retry,
    tryAgain,
    saveEdit,
    deleteAndRerecord,
    applyResponse,
    /** The overlay stops waiting (15 s, or "Continue to review"); the card says the engine is still at work. */
    review: () => setWaiting('reviewed'),
    checkAgain: () => setWaiting('polling'),
  };
}
