import type { ApiErrorBody, ChatErrorInfo } from '@meld/shared';

/** Code used when the request never reached the server (offline, DNS, CORS, aborted). */
export const NETWORK_ERROR = 'NETWORK_ERROR';

/** A failed API call: HTTP status (0 when the network failed), the server's code and message. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly field: string | undefined;
  readonly issues: ApiErrorBody['issues'];
  /** A refused chat message's catalogue values (endpoint, expiry, balance, limit…). */
  readonly info: ChatErrorInfo | undefined;

  constructor(status: number, body: Partial<ApiErrorBody> & { code?: string }, fallbackMessage = 'Request failed') {
    super(body.message || fallbackMessage);
    this.name = 'ApiError';
    this.status = status;
    this.code = body.code ?? (status === 0 ? NETWORK_ERROR : 'HTTP_ERROR');
    this.field = body.field;
    this.issues = body.issues;
    this.info = body.info;
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
