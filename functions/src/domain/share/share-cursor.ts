import { ERROR_CODES } from '@meld/shared';
import { DomainError } from '../errors.ts';

/** Where a reader is in a shared snapshot: which page, of which version of it (its updatedAt). */
interface ShareCursor {
  v: 1;
  shareId: string;
  updatedAt: string;
  page: number;
}

export const INVALID_SHARE_CURSOR = 'The cursor is not valid for this shared conversation, or it changed since; load it again from the first page.';

export function invalidShareCursor(): DomainError {
  return new DomainError('invalid', ERROR_CODES.validation, INVALID_SHARE_CURSOR, 'cursor');
}

export function encodeShareCursor(shareId: string, updatedAt: string, page: number): string {
  return Buffer.from(JSON.stringify({ v: 1, shareId, updatedAt, page } satisfies ShareCursor)).toString('base64url');
}

export function decodeShareCursor(cursor: string, shareId: string): { updatedAt: string; page: number } {
  let state: Partial<ShareCursor> | undefined;
  try {
    state = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Partial<ShareCursor>;
  } catch {
    throw invalidShareCursor();
  }
  if (state?.v !== 1 || state.shareId !== shareId || typeof state.updatedAt !== 'string' || !Number.isInteger(state.page) || state.page! < 1) throw invalidShareCursor();
  return { updatedAt: state.updatedAt, page: state.page! };
}
