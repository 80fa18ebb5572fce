import { isApiError } from '@/lib/api-error.ts';

export type LoginErrorKind = 'rateLimited' | 'banned' | 'server' | 'unverified' | 'invalid' | 'network';

/** Status-to-message mapping of spec 001 section 8; anything unrecognised reads as bad credentials. */
export function loginErrorKind(error: unknown): LoginErrorKind {
  if (!isApiError(error)) return 'invalid';
  if (error.isNetworkError) return 'network';
  switch (error.status) {
    case 429:
      return 'rateLimited';
    case 403:
      return 'banned';
    case 422:
      return 'unverified';
    default:
      return error.status >= 500 ? 'server' : 'invalid';
  }
}
