import { keys } from './keys.ts';
import { isConditionFailed, table } from './table.ts';

export interface SignupCodeRecord {
  code: string;
  /** Cleared by a revoke; the item stays, so its use count stays visible (decision 0017). */
  active: boolean;
  /** null: any number of registrations (a cohort-wide pilot code). */
  maxUses: number | null;
  uses: number;
  createdAt: string;
  /**
   * ISO instant from which the code no longer opens registration; absent or null: no end. Stored as
   * `codeExpiresAt`: `expiresAt` is the table's TTL attribute, and an expired code stays listed.
   */
  expiresAt?: string | null;
  revokedAt?: string | null;
  /** The admin who created it; absent for codes the seed adds. */
  createdBy?: string | null;
}

const INTERNAL = ['pk', 'sk', 'entity', 'gsi1pk', 'gsi1sk'] as const;

function toRecord(item: Record<string, unknown>): SignupCodeRecord {
  const { codeExpiresAt, ...copy } = item;
  for (const field of INTERNAL) delete copy[field];
  return { ...copy, expiresAt: (codeExpiresAt as string | null | undefined) ?? null } as unknown as SignupCodeRecord;
}

function toItem({ expiresAt, ...record }: SignupCodeRecord) {
  return {
    ...keys.signupCode(record.code),
    entity: 'signupCode',
    gsi1pk: keys.signupCodeList,
    gsi1sk: keys.signupCodeListSort(record.createdAt, record.code),
    ...record,
    codeExpiresAt: expiresAt ?? null,
  };
}

/**
 * Adds a code if it is not there yet; re-seeding never resets its use count, expiry or revocation.
 * A code written before the admin list existed gets its list keys from its own createdAt.
 */
export async function ensureSignupCode(record: SignupCodeRecord): Promise<boolean> {
  const existing = await table.get<SignupCodeRecord & { gsi1pk?: string }>(keys.signupCode(record.code), true);
  if (existing) {
    if (!existing.gsi1pk) {
      await table.update(keys.signupCode(record.code), {
        UpdateExpression: 'SET gsi1pk = :list, gsi1sk = :sort',
        ExpressionAttributeValues: { ':list': keys.signupCodeList, ':sort': keys.signupCodeListSort(existing.createdAt, existing.code) },
      });
    }
    return false;
  }
  return createSignupCode(record);
}

/** Writes a new code; false when a code with that name already exists. */
export async function createSignupCode(record: SignupCodeRecord): Promise<boolean> {
  try {
    await table.put(toItem(record), { ConditionExpression: 'attribute_not_exists(pk)' });
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}

export async function getSignupCode(code: string): Promise<SignupCodeRecord | undefined> {
  const item = await table.get<Record<string, unknown>>(keys.signupCode(code));
  return item ? toRecord(item) : undefined;
}

/** Every code, newest first, from one query (every page). */
export async function listSignupCodes(): Promise<SignupCodeRecord[]> {
  const items = await table.queryAll<Record<string, unknown>>({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.signupCodeList },
    ScanIndexForward: false,
  });
  return items.map(toRecord);
}

/**
 * Clears `active` and stamps the revocation; a repeat changes nothing and answers the code as it
 * stands. Undefined for an unknown code.
 */
export async function revokeSignupCode(code: string, at: string): Promise<SignupCodeRecord | undefined> {
  try {
    const item = await table.update<Record<string, unknown>>(keys.signupCode(code), {
      UpdateExpression: 'SET active = :false, revokedAt = :at',
      ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(revokedAt) OR revokedAt = :null)',
      ExpressionAttributeValues: { ':false': false, ':at': at, ':null': null },
      ReturnValues: 'ALL_NEW',
    });
    return item ? toRecord(item) : undefined;
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
  }
  const item = await table.get<Record<string, unknown>>(keys.signupCode(code), true);
  return item ? toRecord(item) : undefined;
}

/**
 * Counts one registration against the code; false if it is revoked, expired or used up at `now`.
 * The condition repeats the check the registration made, so a code that ran out or expired in
 * between is never counted past its cap.
 */
export async function consumeSignupCode(code: string, now: Date): Promise<boolean> {
  try {
    await table.update(keys.signupCode(code), {
      UpdateExpression: 'ADD uses :one',
      ConditionExpression:
        'attribute_exists(pk) AND active = :true AND (maxUses = :null OR uses < maxUses) AND (attribute_not_exists(codeExpiresAt) OR codeExpiresAt = :null OR codeExpiresAt > :now)',
      ExpressionAttributeValues: { ':one': 1, ':true': true, ':null': null, ':now': now.toISOString() },
    });
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}
