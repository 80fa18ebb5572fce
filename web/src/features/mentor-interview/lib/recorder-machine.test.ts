import { describe, expect, it } from 'vitest';
import { stage } from '../test-kit.tsx';
import { initialRecorderState, recorderReducer, type RecorderEvent, type RecorderState, type RecorderStatus } from './recorder-machine.ts';

const at = (status: RecorderStatus, fields: Partial<RecorderState> = {}): RecorderState => ({ status, transcript: '', error: null, ...fields });
const after = (status: RecorderStatus, event: RecorderEvent, fields: Partial<RecorderState> = {}) => recorderReducer(at(status, fields), event);

describe('the recorder state machine (spec 001 section 4)', () => {
  it('taps from idle to recording, recording to paused and paused back to recording', () => {
    expect(after('idle', { type: 'tap' }).status).toBe('recording');
    expect(after('recording', { type: 'tap' }).status).toBe('paused');
    expect(after('paused', { type: 'tap' }).status).toBe('recording');
  });

  it('stops and saves from recording or paused only', () => {
    expect(after('recording', { type: 'stop' }).status).toBe('stopped');
    expect(after('paused', { type: 'stop' }).status).toBe('stopped');
    for (const status of ['idle', 'transcribing', 'complete', 'error'] as const) expect(after(status, { type: 'stop' }).status).toBe(status);
  });

  it('goes from stopped to transcribing when the upload starts, then to complete with the transcript or to error', () => {
    expect(after('stopped', { type: 'uploading' }).status).toBe('transcribing');
    expect(after('transcribing', { type: 'transcribed', transcript: 'I learned to listen.' })).toEqual(at('complete', { transcript: 'I learned to listen.' }));
    expect(after('transcribing', { type: 'failed', error: 'engine down' })).toEqual(at('error', { error: 'engine down' }));
  });

  it('returns to idle from error on Try Again, and to transcribing on Retry transcription', () => {
    expect(after('error', { type: 'tryAgain' }, { error: 'x' })).toEqual(at('idle'));
    expect(after('error', { type: 'retry' }, { error: 'x' })).toEqual(at('transcribing'));
  });

  it('edits the transcript and deletes it back to idle only when complete', () => {
    expect(after('complete', { type: 'edited', transcript: 'Better words.' }, { transcript: 'Words.' }).transcript).toBe('Better words.');
    expect(after('complete', { type: 'delete' }, { transcript: 'Words.' })).toEqual(at('idle'));
    expect(after('recording', { type: 'delete' }).status).toBe('recording');
    expect(after('idle', { type: 'edited', transcript: 'x' })).toEqual(at('idle'));
  });

  it('ignores every move the spec does not list', () => {
    expect(after('stopped', { type: 'tap' }).status).toBe('stopped');
    expect(after('transcribing', { type: 'tap' }).status).toBe('transcribing');
    expect(after('complete', { type: 'tap' }).status).toBe('complete');
    expect(after('idle', { type: 'tryAgain' }).status).toBe('idle');
    expect(after('complete', { type: 'transcribed', transcript: 'x' }, { transcript: 'kept' }).transcript).toBe('kept');
    expect(after('idle', { type: 'uploading' }).status).toBe('idle');
  });

  it('loads previously saved audio text as complete, a running transcription as transcribing and a failed one as error', () => {
    expect(initialRecorderState(stage(1, { has_audio: true, response_text: 'Saved words.', status: 'transcribed' }))).toEqual(at('complete', { transcript: 'Saved words.' }));
    expect(initialRecorderState(stage(1, { has_audio: true, status: 'transcribing' })).status).toBe('transcribing');
    expect(initialRecorderState(stage(1, { has_audio: true, status: 'transcription_failed', transcription_error: 'bad audio' }))).toEqual(at('error', { error: 'bad audio' }));
    expect(initialRecorderState(stage(1)).status).toBe('idle');
  });
});
