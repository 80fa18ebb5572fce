import bcrypt from 'bcryptjs';

/** bcrypt cost: 2^11 rounds is ~100-200 ms on a 1 GB Lambda; slow enough to resist guessing. */
const COST = 11;

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, COST);
}

export function verifyPassword(password: string, hash: string): Promise<boolean> {
  return bcrypt.compare(password, hash);
}

/**
 * Compared against when no account exists, so an unknown e-mail costs the same time as a wrong
 * password and timing does not reveal who has an account. The hash is of a random password nobody
 * knows, fixed here so cold starts do not pay for hashing it.
 */
const DECOY_HASH = '$2b$11$Z0ZBxh7/OBIBTBdgtKnMoO/iw2i.GK/.qb4B8kd3TSi.ADuGFhJyG';

export async function burnPasswordCheck(password: string): Promise<false> {
  await bcrypt.compare(password, DECOY_HASH);
  return false;
}
