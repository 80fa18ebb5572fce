/**
 * Environment variables only tests may set, each weakening something on purpose to save time.
 * The code that reads one refuses it inside Lambda, and synth refuses a stack whose functions
 * would carry one (infra/lib/test-only-env.ts), so no deployed config can run with it.
 */

/** A bcrypt cost below the real one, for tests (and the e2e app) whose passwords guard nothing. */
export const TEST_BCRYPT_COST_ENV = 'MELD_TEST_BCRYPT_COST';

export const TEST_ONLY_ENV: readonly string[] = [TEST_BCRYPT_COST_ENV];
