import type { ChatErrorInfo, ErrorCode } from '@meld/shared';

/** Why a domain rule refused; the handler kit maps each kind to its HTTP status. */
export type DomainErrorKind = 'invalid' | 'unauthenticated' | 'forbidden' | 'not-found' | 'conflict' | 'unprocessable' | 'too-large';

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    readonly code: ErrorCode,
    message: string,
    readonly field?: string,
    /** Values the browser's message shows (a refused chat message's endpoint, balance, limit…). */
    readonly info?: ChatErrorInfo,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}
