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

export type AudioType = (typeof AUDIO_TYPES)[number];

function startsWith(bytes: Uint8Array, magic: readonly number[], offset: number): boolean {
  return magic.every((byte, index) => bytes[offset + index] === byte);
}

const invalid = (message: string, field: string) => new DomainError('invalid', ERROR_CODES.validation, message, field);

/** The recording's type from its first bytes (the browser's label is not evidence), or a 400. */
export function sniffAudio(data: Uint8Array): AudioType {
  if (data.length === 0) throw invalid('The recording is empty. Please record again.', 'audio');
  const type = AUDIO_TYPES.find((candidate) => candidate.matches(data));
  if (!type) throw invalid('The recording must be WebM, Ogg or MP4 audio.', 'audio');
  return type;
}

/** The form's `duration_ms` as a whole number of milliseconds up to `maxMs`, or a 400 naming the field. */
export function parseDurationMs(value: string | undefined, maxMs: number): number {
  const duration = value !== undefined && /^\d{1,9}$/.test(value.trim()) ? Number(value.trim()) : NaN;
  if (!(duration <= maxMs)) throw invalid(`duration_ms must be a whole number of milliseconds from 0 to ${maxMs}`, 'duration_ms');
  return duration;
}
