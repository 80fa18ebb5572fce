import { keys } from './keys.ts';
import { isConditionFailed, table } from './table.ts';

export interface SignupCodeRecord {
  code: string;
  active: boolean;
  /** null: any number of registrations (a cohort-wide pilot code). */
  maxUses: number | null;
  uses: number;
  createdAt: string;
}

/** Adds a code if it is not there yet; re-seeding never resets its use count. */
export async function ensureSignupCode(record: SignupCodeRecord): Promise<boolean> {
  try {
    await table.put({ ...keys.signupCode(record.code), entity: 'signupCode', ...record }, { ConditionExpression: 'attribute_not_exists(pk)' });
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}

export async function getSignupCode(code: string): Promise<SignupCodeRecord | undefined> {
  return table.get<SignupCodeRecord>(keys.signupCode(code));
}

/** Counts one registration against the code; false if it is inactive or used up. */
export async function consumeSignupCode(code: string): Promise<boolean> {
  try {
    await table.update(keys.signupCode(code), {
      UpdateExpression: 'ADD uses :one',
      ConditionExpression: 'attribute_exists(pk) AND active = :true AND (maxUses = :null OR uses < maxUses)',
      ExpressionAttributeValues: { ':one': 1, ':true': true, ':null': null },
    });
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}
