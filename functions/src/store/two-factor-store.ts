import type { Sealed } from '../crypto/envelope.ts';
import { keys } from './keys.ts';
import { isConditionFailed, isExpired, table } from './table.ts';

/** One backup code: only its keyed hash is kept (see domain/auth/two-factor-codes.ts). */
export interface StoredBackupCode {
  codeHash: string;
  used: boolean;
  usedAt: string | null;
}

/**
 * The user's two-factor material. `enabled` turns true when the setup's verify step passes; the
 * user item's `twoFactorEnabled` flag (what login reads) follows it.
 */
export interface TwoFactorRecord {
  userId: string;
  enabled: boolean;
  secret: Sealed;
  /** Which key-encryption secret keyed the backup codes' hashes. */
  codesKid: string;
  backupCodes: StoredBackupCode[];
  /** The last TOTP time step accepted: a code of this step or an earlier one is refused. */
  lastUsedStep: number | null;
  createdAt: string;
  enabledAt: string | null;
}

/** A login waiting for its second factor. */
export interface TwoFactorChallenge {
  userId: string;
  challengeId: string;
  secretHash: string;
  /** The password hash the first step checked (null: a provider signed in); the session needs it unchanged. */
  passwordHash?: string | null;
  createdAt: string;
  /** Epoch seconds; also the table's TTL attribute. */
  expiresAt: number;
}

export async function getTwoFactor(userId: string): Promise<TwoFactorRecord | undefined> {
  const item = await table.get<TwoFactorRecord & { pk: string; sk: string; entity: string }>(keys.twoFactor(userId), true);
  if (!item) return undefined;
  const { pk: _pk, sk: _sk, entity: _entity, ...record } = item;
  return record;
}

/** A new setup replaces whatever pending one was left; an enabled one is never overwritten. */
export async function putPendingTwoFactor(record: TwoFactorRecord): Promise<boolean> {
  try {
    await table.put(
      { ...keys.twoFactor(record.userId), entity: 'twoFactor', ...record },
      { ConditionExpression: 'attribute_not_exists(pk) OR enabled = :false', ExpressionAttributeValues: { ':false': false } },
    );
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}

/**
 * Claims a TOTP step: succeeds only if no code of this step or a later one was accepted before,
 * so two requests with the same code cannot both pass. `enable` also turns the setup on.
 */
export async function claimTotpStep(userId: string, step: number, enable?: { at: string }): Promise<boolean> {
  const enabling = enable ? ', enabled = :true, enabledAt = if_not_exists(enabledAt, :at)' : '';
  try {
    await table.update(keys.twoFactor(userId), {
      UpdateExpression: `SET lastUsedStep = :step${enabling}`,
      ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(lastUsedStep) OR lastUsedStep = :null OR lastUsedStep < :step)',
      ExpressionAttributeValues: { ':step': step, ':null': null, ...(enable ? { ':true': true, ':at': enable.at } : {}) },
    });
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}

/** Marks one backup code used, only if it still is unused and unchanged (single use under races). */
export async function claimBackupCode(userId: string, index: number, codeHash: string, at: string, enable?: boolean): Promise<boolean> {
  const enabling = enable ? ', enabled = :true, enabledAt = if_not_exists(enabledAt, :at)' : '';
  try {
    await table.update(keys.twoFactor(userId), {
      UpdateExpression: `SET backupCodes[${index}].used = :true, backupCodes[${index}].usedAt = :at${enabling}`,
      ConditionExpression: `backupCodes[${index}].used = :false AND backupCodes[${index}].codeHash = :hash`,
      ExpressionAttributeValues: { ':true': true, ':false': false, ':at': at, ':hash': codeHash },
    });
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}

export async function replaceBackupCodes(userId: string, codesKid: string, backupCodes: StoredBackupCode[]): Promise<void> {
  await table.update(keys.twoFactor(userId), {
    UpdateExpression: 'SET backupCodes = :codes, codesKid = :kid',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':codes': backupCodes, ':kid': codesKid },
  });
}

export async function deleteTwoFactor(userId: string): Promise<void> {
  await table.delete(keys.twoFactor(userId));
}

/** The flag on the user item that login reads; two-factor is the only writer. */
export async function setTwoFactorFlag(userId: string, enabled: boolean, at: string): Promise<void> {
  await table.update(keys.user(userId), {
    UpdateExpression: 'SET twoFactorEnabled = :enabled, updatedAt = :at',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':enabled': enabled, ':at': at },
  });
}

export async function putChallenge(challenge: TwoFactorChallenge): Promise<void> {
  await table.put({ ...keys.twoFactorLogin(challenge.userId, challenge.challengeId), entity: 'twoFactorLogin', ...challenge });
}

export async function getChallenge(userId: string, challengeId: string, now: Date): Promise<TwoFactorChallenge | undefined> {
  const item = await table.get<TwoFactorChallenge>(keys.twoFactorLogin(userId, challengeId), true);
  return item && !isExpired(item, now) ? item : undefined;
}

/** Consumes a challenge; false when another request consumed it first. */
export async function consumeChallenge(challenge: TwoFactorChallenge): Promise<boolean> {
  try {
    await table.delete(keys.twoFactorLogin(challenge.userId, challenge.challengeId), {
      ConditionExpression: 'secretHash = :hash',
      ExpressionAttributeValues: { ':hash': challenge.secretHash },
    });
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}

