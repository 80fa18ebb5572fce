import { EMAIL_PATTERN, LIMITS } from '@meld/shared';

/**
 * Field rules of spec 001 section 5, written against the shared limits rather than the zod
 * schemas so pages that validate (login, the wizard) do not ship zod. Each returns an i18n key
 * under `validation.` or null.
 */
export type ValidationKey =
  | 'validation.nameRequired'
  | 'validation.emailRequired'
  | 'validation.emailTooLong'
  | 'validation.emailInvalid'
  | 'validation.usernameRequired'
  | 'validation.passwordRequired'
  | 'validation.passwordTooShort'
  | 'validation.passwordTooLong'
  | 'validation.confirmRequired'
  | 'validation.passwordsMismatch';

export function nameError(value: string): ValidationKey | null {
  return value.trim() ? null : 'validation.nameRequired';
}

/** With directory (LDAP) login any non-blank username is accepted. */
export function emailError(value: string, options: { directoryLogin?: boolean } = {}): ValidationKey | null {
  const email = value.trim();
  if (options.directoryLogin) return email ? null : 'validation.usernameRequired';
  if (!email) return 'validation.emailRequired';
  if (email.length > LIMITS.emailMax) return 'validation.emailTooLong';
  if (!EMAIL_PATTERN.test(email)) return 'validation.emailInvalid';
  return null;
}

export function passwordError(value: string): ValidationKey | null {
  if (!value) return 'validation.passwordRequired';
  if (value.length < LIMITS.passwordMin) return 'validation.passwordTooShort';
  if (value.length > LIMITS.passwordMax) return 'validation.passwordTooLong';
  return null;
}

export function confirmPasswordError(confirm: string, password: string): ValidationKey | null {
  if (!confirm) return 'validation.confirmRequired';
  return confirm === password ? null : 'validation.passwordsMismatch';
}
