import { ERROR_CODES } from '@meld/shared';
import { DomainError } from '../errors.ts';

/**
 * Checks every recorded upload passes (the mentor interview's answers, the fragments' voice notes):
 * the audio's type from its first bytes and the form's `duration_ms`. The size is the multipart
 * reader's limit (`readMultipart`'s maxFileBytes, a 413).
 */

const AUDIO_TYPES = [
  { mimeType: 'audio/webm', extension: 'webm', matches: (bytes: Uint8Array) => startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3], 0) },
  { mimeType: 'audio/ogg', extension: 'ogg', matches: (bytes: Uint8Array) => startsWith(bytes, [0x4f, 0x67, 0x67, 0x53], 0) },
  { mimeType: 'audio/mp4', extension: 'mp4', matches: (bytes: Uint8Array) => startsWith(bytes, [0x66, 0x74, 0x79, 0x70], 4) },
] as const;

/** Dictation also takes WAV, which some browsers' recorders (and recording libraries) make. */
const WAV = { mimeType: 'audio/wav', extension: 'wav', matches: (bytes: Uint8Array) => startsWith(bytes, [0x52, 0x49, 0x46, 0x46], 0) && startsWith(bytes, [0x57, 0x41, 0x56, 0x45], 8) } as const;

export type AudioType = (typeof AUDIO_TYPES)[number] | typeof WAV;

function startsWith(bytes: Uint8Array, magic: readonly number[], offset: number): boolean {
  return magic.every((byte, index) => bytes[offset + index] === byte);
}

const invalid = (message: string, field: string) => new DomainError('invalid', ERROR_CODES.validation, message, field);

/** The recording's type from its first bytes (the browser's label is not evidence), or a 400. */
export function sniffAudio(data: Uint8Array, options: { wav?: boolean } = {}): AudioType {
  if (data.length === 0) throw invalid('The recording is empty. Please record again.', 'audio');
  const types: readonly AudioType[] = options.wav ? [...AUDIO_TYPES, WAV] : AUDIO_TYPES;
  const type = types.find((candidate) => candidate.matches(data));
  if (!type) throw invalid(`The recording must be ${options.wav ? 'WebM, Ogg, MP4 or WAV' : 'WebM, Ogg or MP4'} audio.`, 'audio');
  return type;
}

/** The form's `duration_ms` as a whole number of milliseconds up to `maxMs`, or a 400 naming the field. */
export function parseDurationMs(value: string | undefined, maxMs: number): number {
  const duration = value !== undefined && /^\d{1,9}$/.test(value.trim()) ? Number(value.trim()) : NaN;
  if (!(duration <= maxMs)) throw invalid(`duration_ms must be a whole number of milliseconds from 0 to ${maxMs}`, 'duration_ms');
  return duration;
}
