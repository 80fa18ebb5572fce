import type { ChatErrorInfo, ChatErrorType } from './schemas/chat-errors.ts';

/** Error codes the API returns in `{ code, message }` bodies. The browser maps them to messages. */
export const ERROR_CODES = {
  validation: 'VALIDATION_ERROR',
  malformedJson: 'MALFORMED_JSON',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  methodNotAllowed: 'METHOD_NOT_ALLOWED',
  conflict: 'CONFLICT',
  rateLimited: 'RATE_LIMITED',
  banned: 'BANNED',
  invalidCredentials: 'INVALID_CREDENTIALS',
  invalidSignupCode: 'INVALID_SIGNUP_CODE',
  emailTaken: 'EMAIL_TAKEN',
  emailUnverified: 'EMAIL_UNVERIFIED',
  /** A password-reset or e-mail verification link that is wrong, expired or already used. */
  invalidLinkToken: 'INVALID_LINK_TOKEN',
  invalidRefreshToken: 'INVALID_REFRESH_TOKEN',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  unsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  internal: 'INTERNAL_ERROR',
  /** DynamoDB or S3 throttled or unavailable after the retries: a 503 worth trying again shortly. */
  serviceUnavailable: 'SERVICE_UNAVAILABLE',
  invalidTwoFactorCode: 'INVALID_2FA_CODE',
  invalidTempToken: 'INVALID_TEMP_TOKEN',
  /** An upload refused by the file rules: type, size, count (spec 000 section 8's violation type). */
  fileUploadLimit: 'file_upload_limit',
} as const;

/** A general API error code, or a chat error-catalogue type when a reply is refused. */
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES] | ChatErrorType;

/** Body of every non-2xx JSON response. */
export interface ApiErrorBody {
  code: ErrorCode;
  message: string;
  /** Dotted path of the first invalid field, for 400s. */
  field?: string;
  issues?: { field: string; message: string }[];
  /** A refused chat message's catalogue values (endpoint, expiredAt, balance, limit…). */
  info?: ChatErrorInfo;
}
