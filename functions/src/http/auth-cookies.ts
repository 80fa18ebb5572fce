import { REFRESH_COOKIE, REFRESH_COOKIE_PATH, REFRESH_TOKEN_TTL_SECONDS, SESSION_HINT_COOKIE, SIGNUP_CODE_COOKIE, SIGNUP_CODE_COOKIE_MAX_AGE_SECONDS } from '@meld/shared';
import { env } from '../config/env.ts';
import { serializeCookie } from './cookies.ts';

/**
 * The refresh token lives only in an HttpOnly cookie that only the auth routes receive. Beside it
 * goes the session hint, a readable cookie with no secret and the same lifetime, so that a page
 * knows without asking whether a refresh could succeed (decision 0044).
 */
export function sessionCookies(token: string): string[] {
  const lifetime = { maxAgeSeconds: REFRESH_TOKEN_TTL_SECONDS, secure: env.cookieSecure() };
  return [
    serializeCookie(REFRESH_COOKIE, token, { ...lifetime, path: REFRESH_COOKIE_PATH, sameSite: 'Strict', httpOnly: true }),
    serializeCookie(SESSION_HINT_COOKIE, '1', { ...lifetime, path: '/', sameSite: 'Lax', httpOnly: false }),
  ];
}

/** Both cookies of {@link sessionCookies}, gone. */
export function clearSessionCookies(): string[] {
  const gone = { maxAgeSeconds: 0, secure: env.cookieSecure() };
  return [
    serializeCookie(REFRESH_COOKIE, '', { ...gone, path: REFRESH_COOKIE_PATH, sameSite: 'Strict', httpOnly: true }),
    serializeCookie(SESSION_HINT_COOKIE, '', { ...gone, path: '/', sameSite: 'Lax', httpOnly: false }),
  ];
}

/** Readable by the page (the wizard checks it to skip the code gate); Lax so links keep it. */
export function signupCodeCookie(code: string): string {
  return serializeCookie(SIGNUP_CODE_COOKIE, code, { maxAgeSeconds: SIGNUP_CODE_COOKIE_MAX_AGE_SECONDS, path: '/', sameSite: 'Lax', httpOnly: false, secure: env.cookieSecure() });
}

export function clearSignupCodeCookie(): string {
  return serializeCookie(SIGNUP_CODE_COOKIE, '', { maxAgeSeconds: 0, path: '/', sameSite: 'Lax', httpOnly: false, secure: env.cookieSecure() });
}
