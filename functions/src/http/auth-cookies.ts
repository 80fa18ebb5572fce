import { REFRESH_COOKIE, REFRESH_COOKIE_PATH, REFRESH_TOKEN_TTL_SECONDS, SIGNUP_CODE_COOKIE, SIGNUP_CODE_COOKIE_MAX_AGE_SECONDS } from '@meld/shared';
import { env } from '../config/env.ts';
import { serializeCookie } from './cookies.ts';

/** The refresh token lives only in an HttpOnly cookie that only the auth routes receive. */
export function refreshCookie(token: string): string {
  return serializeCookie(REFRESH_COOKIE, token, {
    maxAgeSeconds: REFRESH_TOKEN_TTL_SECONDS,
    path: REFRESH_COOKIE_PATH,
    sameSite: 'Strict',
    httpOnly: true,
    secure: env.cookieSecure(),
  });
}

export function clearRefreshCookie(): string {
  return serializeCookie(REFRESH_COOKIE, '', { maxAgeSeconds: 0, path: REFRESH_COOKIE_PATH, sameSite: 'Strict', httpOnly: true, secure: env.cookieSecure() });
}

/** Readable by the page (the wizard checks it to skip the code gate); Lax so links keep it. */
export function signupCodeCookie(code: string): string {
  return serializeCookie(SIGNUP_CODE_COOKIE, code, { maxAgeSeconds: SIGNUP_CODE_COOKIE_MAX_AGE_SECONDS, path: '/', sameSite: 'Lax', httpOnly: false, secure: env.cookieSecure() });
}

export function clearSignupCodeCookie(): string {
  return serializeCookie(SIGNUP_CODE_COOKIE, '', { maxAgeSeconds: 0, path: '/', sameSite: 'Lax', httpOnly: false, secure: env.cookieSecure() });
}
