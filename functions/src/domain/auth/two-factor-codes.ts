import { createHmac, hkdfSync, randomInt, timingSafeEqual } from 'node:crypto';
import { BACKUP_CODE_ALPHABET, BACKUP_CODE_COUNT, LIMITS } from '@meld/shared';
import { Secret, TOTP } from 'otpauth';
import type { EncryptionKey } from '../../crypto/envelope.ts';
import type { StoredBackupCode } from '../../store/two-factor-store.ts';

/** RFC 6238 as every authenticator app reads it: SHA1, 6 digits, 30-second steps. */
const PERIOD_SECONDS = 30;
/** One step of clock drift either way. */
const WINDOW = 1;
const ISSUER = 'Meld';

function totp(secretBase32: string, label = ''): TOTP {
  return new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: LIMITS.twoFactorCodeLength, period: PERIOD_SECONDS, secret: Secret.fromBase32(secretBase32) });
}

/** A new 160-bit secret, base32 as the apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function otpauthUrl(secretBase32: string, email: string): string {
  return totp(secretBase32, email).toString();
}

/** The time step the code belongs to, or null when it matches none within the window. */
export function totpStep(secretBase32: string, token: string, now: Date): number | null {
  const delta = totp(secretBase32).validate({ token, timestamp: now.getTime(), window: WINDOW });
  return delta === null ? null : Math.floor(now.getTime() / 1000 / PERIOD_SECONDS) + delta;
}

/** Ten codes from the unambiguous alphabet; randomInt is unbiased for its 31 letters. */
export function newBackupCodes(): string[] {
  return Array.from({ length: BACKUP_CODE_COUNT }, () =>
    Array.from({ length: LIMITS.backupCodeLength }, () => BACKUP_CODE_ALPHABET[randomInt(BACKUP_CODE_ALPHABET.length)]).join(''),
  );
}

/**
 * Backup codes are stored as HMAC-SHA256 under a key derived from the key-encryption secret.
 * A code has only ~40 bits of entropy, so a plain hash of a leaked table would fall to brute
 * force in hours; the HMAC needs the secret too. bcrypt would resist that as well but costs tens
 * of milliseconds per comparison, and checking a code compares against all ten.
 */
function hmacKey(key: EncryptionKey): Buffer {
  return Buffer.from(hkdfSync('sha256', key.key, '', 'meld backup codes v1', 32));
}

export function hashBackupCode(code: string, key: EncryptionKey): string {
  return createHmac('sha256', hmacKey(key)).update(code).digest('hex');
}

export function hashBackupCodes(codes: readonly string[], key: EncryptionKey): StoredBackupCode[] {
  return codes.map((code) => ({ codeHash: hashBackupCode(code, key), used: false, usedAt: null }));
}

/** The index of the unused stored code matching `code` (already normalised by the schema), or -1. */
export function findBackupCode(stored: readonly StoredBackupCode[], code: string, key: EncryptionKey): number {
  const presented = Buffer.from(hashBackupCode(code, key), 'hex');
  let found = -1;
  // Every code is compared, so the time taken does not tell which one matched.
  stored.forEach((candidate, index) => {
    const hash = Buffer.from(candidate.codeHash, 'hex');
    if (hash.length === presented.length && timingSafeEqual(hash, presented) && !candidate.used && found === -1) found = index;
  });
  return found;
}
