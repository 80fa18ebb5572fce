import { BACKUP_CODE_ALPHABET } from '@meld/shared';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { keysFromSecret } from '../../crypto/envelope.ts';
import { findBackupCode, hashBackupCodes, newBackupCodes, newTotpSecret, totpStep } from './two-factor-codes.ts';

const at = new Date('2026-11-22T10:00:10Z');
const step = Math.floor(at.getTime() / 30_000);
const codeAt = (secret: string, ms: number) => new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: ms });

describe('two-factor codes', () => {
  it('accepts a code of the current step and of one step either side, naming its step', () => {
    const secret = newTotpSecret();
    expect(totpStep(secret, codeAt(secret, at.getTime()), at)).toBe(step);
    expect(totpStep(secret, codeAt(secret, at.getTime() - 30_000), at)).toBe(step - 1);
    expect(totpStep(secret, codeAt(secret, at.getTime() + 30_000), at)).toBe(step + 1);
  });

  it('refuses a code two steps old', () => {
    const secret = newTotpSecret();
    expect(totpStep(secret, codeAt(secret, at.getTime() - 60_000), at)).toBeNull();
  });

  it('makes ten different backup codes of 8 characters from the unambiguous alphabet', () => {
    const codes = newBackupCodes();
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(new RegExp(`^[${BACKUP_CODE_ALPHABET}]{8}$`));
    expect(BACKUP_CODE_ALPHABET).not.toMatch(/[01ILO]/);
  });

  it('finds an unused backup code by its keyed hash, and not one that is used or hashed under another key', () => {
    const [key] = keysFromSecret('first-secret');
    const [otherKey] = keysFromSecret('second-secret');
    const codes = ['AAAA2222', 'BBBB3333'];
    const stored = hashBackupCodes(codes, key!);
    expect(stored[0]!.codeHash).not.toContain('AAAA2222');
    expect(findBackupCode(stored, 'BBBB3333', key!)).toBe(1);
    expect(findBackupCode(stored, 'CCCC4444', key!)).toBe(-1);
    expect(findBackupCode(stored, 'AAAA2222', otherKey!)).toBe(-1);
    expect(findBackupCode([{ ...stored[0]!, used: true, usedAt: at.toISOString() }, stored[1]!], 'AAAA2222', key!)).toBe(-1);
  });
});
