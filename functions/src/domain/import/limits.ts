import { ERROR_CODES, IMPORT_LIMITS } from '@meld/shared';
import { DomainError } from '../errors.ts';
import { isRecord, type ImportFormat } from './types.ts';

const count = (n: number) => n.toLocaleString('en-US');

/** A 413 that names the bound, so the member knows what to split or trim. */
function tooLarge(message: string): DomainError {
  return new DomainError('too-large', ERROR_CODES.payloadTooLarge, message, 'file');
}

export function checkFileBytes(bytes: number): void {
  if (bytes > IMPORT_LIMITS.maxBytes) throw tooLarge(`An import file must be at most ${IMPORT_LIMITS.maxBytes / (1024 * 1024)} MB.`);
}

/**
 * Checks the file's conversations and messages against the bounds before any is read, so a file
 * over them costs no parsing or writes. Counts are of the file's own entries (skipped system and
 * empty nodes included): that is the work the file asks for.
 */
export function checkFileShape(format: ImportFormat, conversations: unknown[]): void {
  if (conversations.length > IMPORT_LIMITS.maxConversations) {
    throw tooLarge(`This file holds ${count(conversations.length)} conversations; an import takes at most ${count(IMPORT_LIMITS.maxConversations)} conversations per file.`);
  }
  let total = 0;
  for (const raw of conversations) {
    const messages = format.messageCount(raw);
    if (messages > IMPORT_LIMITS.maxMessagesPerConversation) {
      throw tooLarge(`The conversation “${titleOf(raw)}” has ${count(messages)} messages; an import takes at most ${count(IMPORT_LIMITS.maxMessagesPerConversation)} messages per conversation.`);
    }
    total += messages;
  }
  if (total > IMPORT_LIMITS.maxMessagesPerFile) {
    throw tooLarge(`This file holds ${count(total)} messages; an import takes at most ${count(IMPORT_LIMITS.maxMessagesPerFile)} messages per file. Split it and import each part.`);
  }
}

/** Every format names its conversations `title` or `name`. */
function titleOf(raw: unknown): string {
  const title = isRecord(raw) ? (raw.title ?? raw.name) : undefined;
  const single = typeof title === 'string' ? title.replace(/\s+/g, ' ').trim() : '';
  if (!single) return 'Untitled';
  return single.length > 80 ? `${single.slice(0, 79)}…` : single;
}
