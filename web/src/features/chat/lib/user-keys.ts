import type { UserKeyInfo } from '@meld/shared';

/** A key is usable while it has not expired (null never expires). */
export function isKeyUsable(key: UserKeyInfo | undefined, now = Date.now()): boolean {
  return !!key && (key.expiresAt === null || new Date(key.expiresAt).getTime() > now);
}

/** When a key saved now with this lifetime stops working; null for a key that never expires. */
export function expiryFromNow(lifetimeMs: number | null, now = Date.now()): string | null {
  return lifetimeMs === null ? null : new Date(now + lifetimeMs).toISOString();
}

/** The error codes of a send refused for want of a working key of the member's own. */
export const KEY_ERRORS: ReadonlySet<string> = new Set(['no_user_key', 'invalid_user_key', 'expired_user_key']);
