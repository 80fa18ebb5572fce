import type { MentorResponse } from '@meld/shared';

/** The recorder's states (spec 001 section 4). */
export type RecorderStatus = 'idle' | 'recording' | 'paused' | 'stopped' | 'transcribing' | 'complete' | 'error';

export interface RecorderState {
  status: RecorderStatus;
  /** The transcribed answer, once complete. */
  transcript: string;
  /** Why the last upload or transcription failed. */
  error: string | null;
}

export type RecorderEvent =
  | { type: 'tap' }
  | { type: 'stop' }
  | { type: 'uploading' }
  | { type: 'transcribed'; transcript: string }
  | { type: 'failed'; error: string }
  | { type: 'tryAgain' }
  | { type: 'retry' }
  | { type: 'edited'; transcript: string }
  | { type: 'delete' };

/**
 * Every allowed move, and only those: tap idle→recording→paused→recording; Stop & Save from
 * recording or paused→stopped; the upload turns stopped into transcribing, which ends complete
 * or error; Try Again error→idle; Retry transcription error→transcribing; Delete and re-record
 * complete→idle. Anything else leaves the state as it is.
 */
export function recorderReducer(state: RecorderState, event: RecorderEvent): RecorderState {
  switch (event.type) {
    case 'tap':
      if (state.status === 'idle' || state.status === 'paused') return { ...state, status: 'recording', error: null };
      if (state.status === 'recording') return { ...state, status: 'paused' };
      return state;
    case 'stop':
      return state.status === 'recording' || state.status === 'paused' ? { ...state, status: 'stopped' } : state;
    case 'uploading':
      return state.status === 'stopped' ? { ...state, status: 'transcribing' } : state;
    case 'transcribed':
      return state.status === 'transcribing' ? { status: 'complete', transcript: event.transcript, error: null } : state;
    case 'failed':
      return state.status === 'transcribing' || state.status === 'stopped' ? { ...state, status: 'error', error: event.error } : state;
    case 'tryAgain':
      return state.status === 'error' ? { status: 'idle', transcript: '', error: null } : state;
    case 'retry':
      return state.status === 'error' ? { ...state, status: 'transcribing', error: null } : state;
    case 'edited':
      return state.status === 'complete' ? { ...state, transcript: event.transcript } : state;
    case 'delete':
      return state.status === 'complete' ? { status: 'idle', transcript: '', error: null } : state;
  }
}

/** Where a stage's saved answer puts the recorder on load: previously saved audio text loads as complete. */
export function initialRecorderState(response: Pick<MentorResponse, 'status' | 'has_audio' | 'response_text' | 'transcription_error'>): RecorderState {
  if (response.status === 'transcribing') return { status: 'transcribing', transcript: '', error: null };
  if (response.status === 'transcription_failed') return { status: 'error', transcript: '', error: response.transcription_error };
  if (response.has_audio && response.response_text.trim()) return { status: 'complete', transcript: response.response_text, error: null };
  return { status: 'idle', transcript: '', error: null };
}
