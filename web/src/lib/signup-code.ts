import { SIGNUP_CODE_COOKIE, STORAGE_KEYS } from '@meld/shared';
import { readCookie } from './cookies.ts';
import { session } from './storage.ts';

/**
 * The pilot access code: the server sets the `meld_signup_code` cookie when a code validates,
 * and the browser keeps a copy in sessionStorage in case cookies are blocked.
 */
export function readSignupCode(): string | null {
  const code = readCookie(SIGNUP_CODE_COOKIE) ?? session.get(STORAGE_KEYS.signupCode);
  return code && code.trim() ? code.trim() : null;
}

export function saveSignupCode(code: string): void {
  session.set(STORAGE_KEYS.signupCode, code);
}

/** Forgets the code once an account was created with it. */
export function clearSignupCode(): void {
  session.remove(STORAGE_KEYS.signupCode);
  document.cookie = `${SIGNUP_CODE_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
}
