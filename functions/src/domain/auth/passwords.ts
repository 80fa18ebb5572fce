import { randomBytes } from 'node:crypto';
import bcrypt from 'bcryptjs';
import { TEST_BCRYPT_COST_ENV } from '@meld/shared';

/** bcrypt cost: 2^11 rounds is ~100-200 ms on a 1 GB Lambda; slow enough to resist guessing. */
export const PASSWORD_COST = 11;
/** bcrypt's own floor. */
const LOWEST_COST = 4;

/**
 * The cost in force: PASSWORD_COST, unless the test-only switch lowers it for passwords that guard
 * nothing (the functions tests, the e2e app). Inside Lambda the switch is refused: the function
 * fails to start rather than hash weakly; synth refuses it in any function's environment too.
 */
export function passwordCost(env: NodeJS.ProcessEnv = process.env): number {
  const value = env[TEST_BCRYPT_COST_ENV];
  if (value === undefined) return PASSWORD_COST;
  if (env.AWS_LAMBDA_FUNCTION_NAME) throw new Error(`${TEST_BCRYPT_COST_ENV} is a test-only switch and is refused in Lambda (${env.AWS_LAMBDA_FUNCTION_NAME})`);
  const cost = Number(value);
  if (!Number.isInteger(cost) || cost < LOWEST_COST || cost > PASSWORD_COST) {
    throw new Error(`${TEST_BCRYPT_COST_ENV} must be a whole number from ${LOWEST_COST} to ${PASSWORD_COST}, got "${value}"`);
  }
  return cost;
}

/** Read once, when the module loads, so a Lambda started with the switch fails its cold start. */
const COST = passwordCost();

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, COST);
}

export function verifyPassword(password: string, hash: string): Promise<boolean> {
  return bcrypt.compare(password, hash);
}

/**
 * Compared against when no account exists, so an unknown e-mail costs the same time as a wrong
 * password and timing does not reveal who has an account. At PASSWORD_COST the hash of a random
 * password nobody knows is fixed here, so cold starts do not pay for hashing it; at a test cost
 * it is made once, at that cost, when first needed.
 */
const FIXED_DECOY_HASH = '$2b$11$Z0ZBxh7/OBIBTBdgtKnMoO/iw2i.GK/.qb4B8kd3TSi.ADuGFhJyG';
let decoy: Promise<string> | undefined;

export function decoyHash(): Promise<string> {
  return (decoy ??= COST === PASSWORD_COST ? Promise.resolve(FIXED_DECOY_HASH) : bcrypt.hash(randomBytes(16).toString('hex'), COST));
}

export async function burnPasswordCheck(password: string): Promise<false> {
  await bcrypt.compare(password, await decoyHash());
  return false;
}
