import { ERROR_CODES, type BackupCodeStatus, type EnableTwoFactorResponse, type TwoFactorCodeBody } from '@meld/shared';
import { seal, unseal, type EncryptionKey } from '../../crypto/envelope.ts';
import type { StoredBackupCode, TwoFactorRecord } from '../../store/two-factor-store.ts';
import { DomainError } from '../errors.ts';
import { findBackupCode, hashBackupCodes, newBackupCodes, newTotpSecret, otpauthUrl, totpStep } from './two-factor-codes.ts';

export interface TwoFactorStore {
  getTwoFactor(userId: string): Promise<TwoFactorRecord | undefined>;
  putPendingTwoFactor(record: TwoFactorRecord): Promise<boolean>;
  claimTotpStep(userId: string, step: number, enable?: { at: string }): Promise<boolean>;
  claimBackupCode(userId: string, index: number, codeHash: string, at: string, enable?: boolean): Promise<boolean>;
  replaceBackupCodes(userId: string, codesKid: string, backupCodes: StoredBackupCode[]): Promise<void>;
  deleteTwoFactor(userId: string): Promise<void>;
  setTwoFactorFlag(userId: string, enabled: boolean, at: string): Promise<void>;
}

export interface TwoFactorDeps {
  store: TwoFactorStore;
  /** The key-encryption keys, newest first: they seal the TOTP secret and key the backup codes' HMAC. */
  encryptionKeys(): Promise<EncryptionKey[]>;
  /** Counts one code attempt against the user's `twoFactor` rate limit; throws the 429. */
  countAttempt(userId: string): Promise<void>;
  now: Date;
}

export interface TwoFactorUser {
  id: string;
  email: string;
  provider: string;
  twoFactorEnabled: boolean;
}

export const INVALID_CODE_MESSAGE = 'Invalid two-factor code or backup code.';
const invalidCode = () => new DomainError('invalid', ERROR_CODES.invalidTwoFactorCode, INVALID_CODE_MESSAGE, 'token');
const alreadyOn = () => new DomainError('conflict', ERROR_CODES.conflict, 'Two-factor authentication is already on.');
const notSetUp = () => new DomainError('conflict', ERROR_CODES.conflict, 'Two-factor authentication is not set up.');

/** Authenticated with the ciphertext, so a sealed secret copied to another user does not open. */
const sealContext = (userId: string) => `${userId}\ntwo-factor`;

/** Setup's first step: a new secret and codes, pending until a code from the app is verified. */
export async function startSetup(user: TwoFactorUser, deps: TwoFactorDeps): Promise<EnableTwoFactorResponse> {
  // Social sign-in never asks for the second factor, so it is offered to password accounts only.
  if (user.provider !== 'local') throw new DomainError('forbidden', ERROR_CODES.forbidden, 'Two-factor authentication is for accounts that sign in with a password.');
  if (user.twoFactorEnabled) throw alreadyOn();
  const keys = await deps.encryptionKeys();
  const secret = newTotpSecret();
  const backupCodes = newBackupCodes();
  const stored = await deps.store.putPendingTwoFactor({
    userId: user.id,
    enabled: false,
    secret: seal(secret, keys, sealContext(user.id)),
    codesKid: keys[0]!.id,
    backupCodes: hashBackupCodes(backupCodes, keys[0]!),
    lastUsedStep: null,
    createdAt: deps.now.toISOString(),
    enabledAt: null,
  });
  if (!stored) throw alreadyOn();
  return { otpauthUrl: otpauthUrl(secret, user.email), backupCodes };
}

type CheckedCode = { kind: 'totp'; step: number } | { kind: 'backup'; index: number; codeHash: string };

/** Which stored secret or code `code` matches; throws the 400 when none does. */
async function checkCode(record: TwoFactorRecord, code: TwoFactorCodeBody, deps: TwoFactorDeps): Promise<CheckedCode> {
  const keys = await deps.encryptionKeys();
  if (code.token !== undefined) {
    const step = totpStep(unseal(record.secret, keys, sealContext(record.userId)), code.token, deps.now);
    if (step === null || (record.lastUsedStep !== null && step <= record.lastUsedStep)) throw invalidCode();
    return { kind: 'totp', step };
  }
  const key = keys.find((candidate) => candidate.id === record.codesKid);
  const index = key && code.backupCode ? findBackupCode(record.backupCodes, code.backupCode, key) : -1;
  if (index === -1) throw invalidCode();
  return { kind: 'backup', index, codeHash: record.backupCodes[index]!.codeHash };
}

/**
 * Checks a code and spends it: the TOTP step or the backup code is claimed with a conditional
 * write, so the same code twice (even at once) passes only once. `enable` turns the setup on in
 * the same write.
 */
export async function spendCode(record: TwoFactorRecord, code: TwoFactorCodeBody, deps: TwoFactorDeps, enable = false): Promise<void> {
  await deps.countAttempt(record.userId);
  const checked = await checkCode(record, code, deps);
  const at = deps.now.toISOString();
  const claimed =
    checked.kind === 'totp'
      ? await deps.store.claimTotpStep(record.userId, checked.step, enable ? { at } : undefined)
      : await deps.store.claimBackupCode(record.userId, checked.index, checked.codeHash, at, enable);
  if (!claimed) throw invalidCode();
}

async function pendingSetup(userId: string, deps: TwoFactorDeps): Promise<TwoFactorRecord> {
  const record = await deps.store.getTwoFactor(userId);
  if (!record) throw notSetUp();
  if (record.enabled) throw alreadyOn();
  return record;
}

/** A code checked against the pending secret, spending nothing: "is the app set up right?" */
export async function confirmSetup(userId: string, token: string, deps: TwoFactorDeps): Promise<{ message: string }> {
  const record = await pendingSetup(userId, deps);
  await deps.countAttempt(userId);
  const checked = await checkCode(record, { token }, deps);
  if (checked.kind !== 'totp') throw invalidCode();
  return { message: 'The code is correct.' };
}

/**
 * The setup's verify step: a right code turns two-factor on. The record is enabled in the code's
 * claim and the user's flag follows; a retry after a failure between the two just sets the flag.
 */
export async function verifySetup(user: TwoFactorUser, code: TwoFactorCodeBody, deps: TwoFactorDeps): Promise<{ message: string }> {
  if (user.twoFactorEnabled) throw alreadyOn();
  const record = await deps.store.getTwoFactor(user.id);
  if (!record) throw notSetUp();
  await spendCode(record, code, deps, true);
  await deps.store.setTwoFactorFlag(user.id, true, deps.now.toISOString());
  return { message: 'Two-factor authentication is on.' };
}

/**
 * Turns two-factor off (or cancels a pending setup) with a valid code. The flag is cleared
 * before the secret is deleted: a failure between leaves a stale record, never a flag that asks
 * for a code nobody can give.
 */
export async function disable(userId: string, code: TwoFactorCodeBody, deps: TwoFactorDeps): Promise<{ message: string }> {
  const record = await deps.store.getTwoFactor(userId);
  if (!record) throw notSetUp();
  await spendCode(record, code, deps);
  await deps.store.setTwoFactorFlag(userId, false, deps.now.toISOString());
  await deps.store.deleteTwoFactor(userId);
  return { message: 'Two-factor authentication is off.' };
}

/** New backup codes for a valid code; every old one stops working. */
export async function regenerateBackupCodes(
  user: TwoFactorUser,
  code: TwoFactorCodeBody,
  deps: TwoFactorDeps,
): Promise<{ backupCodes: string[]; backupCodesHash: BackupCodeStatus[] }> {
  const record = await deps.store.getTwoFactor(user.id);
  if (!record || !record.enabled || !user.twoFactorEnabled) throw notSetUp();
  await spendCode(record, code, deps);
  const keys = await deps.encryptionKeys();
  const backupCodes = newBackupCodes();
  const stored = hashBackupCodes(backupCodes, keys[0]!);
  await deps.store.replaceBackupCodes(user.id, keys[0]!.id, stored);
  return { backupCodes, backupCodesHash: stored.map(({ used, usedAt }) => ({ used, usedAt })) };
}
