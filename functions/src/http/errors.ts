import { ERROR_CODES, type ApiErrorBody, type ErrorCode } from '@meld/shared';
import type { DomainError, DomainErrorKind } from '../domain/errors.ts';

/**
 * A failure the user or client caused, with the status and message to send. Domain code throws
 * these; the handler kit turns them into JSON responses. Anything else becomes a logged 500.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly details: Partial<Pick<ApiErrorBody, 'field' | 'issues'>> & Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
    /** Set-Cookie values to send with the error, e.g. clearing a dead refresh cookie. */
    readonly cookies: string[] = [],
  ) {
    super(message);
    this.name = 'HttpError';
  }

  toBody(): ApiErrorBody & Record<string, unknown> {
    return { ...this.details, code: this.code, message: this.message };
  }
}

export const httpErrors = {
  badRequest: (message: string, details: HttpError['details'] = {}) => new HttpError(400, ERROR_CODES.validation, message, details),
  unauthorized: (message = 'Please sign in to continue.') => new HttpError(401, ERROR_CODES.unauthorized, message),
  forbidden: (message = 'You do not have permission to do that.') => new HttpError(403, ERROR_CODES.forbidden, message),
  notFound: (message = 'Not found.') => new HttpError(404, ERROR_CODES.notFound, message),
  tooManyRequests: (retryAfterSeconds: number) =>
    new HttpError(429, ERROR_CODES.rateLimited, `Too many attempts. Please try again in ${formatWait(retryAfterSeconds)}.`, {}, {
      'retry-after': String(retryAfterSeconds),
    }),
};

function formatWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

const STATUS_BY_KIND: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  unprocessable: 422,
  'too-large': 413,
};

export function fromDomainError(error: DomainError, cookies: string[] = []): HttpError {
  return new HttpError(STATUS_BY_KIND[error.kind], error.code, error.message, { ...(error.field ? { field: error.field } : {}), ...(error.info ? { info: error.info } : {}) }, {}, cookies);
}
