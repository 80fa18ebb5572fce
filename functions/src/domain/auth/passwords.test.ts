import bcrypt from 'bcryptjs';
import { TEST_BCRYPT_COST_ENV } from '@meld/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { passwordCost, PASSWORD_COST } from './passwords.ts';

/** The module as a process with this environment would load it (the cost is read at load). */
async function loadWith(env: Record<string, string | undefined>) {
  vi.resetModules();
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  return import('./passwords.ts');
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe('password hashing cost', () => {
  it('is 11 without the test-only switch, for hashes and for the decoy an unknown e-mail is checked against', async () => {
    expect(PASSWORD_COST).toBe(11);
    const passwords = await loadWith({ [TEST_BCRYPT_COST_ENV]: undefined, AWS_LAMBDA_FUNCTION_NAME: undefined });
    const hash = await passwords.hashPassword('correct horse');
    expect(bcrypt.getRounds(hash)).toBe(11);
    await expect(passwords.verifyPassword('correct horse', hash)).resolves.toBe(true);
    expect(bcrypt.getRounds(await passwords.decoyHash())).toBe(11);
  });

  it('is 11 in Lambda', async () => {
    const passwords = await loadWith({ [TEST_BCRYPT_COST_ENV]: undefined, AWS_LAMBDA_FUNCTION_NAME: 'Meld-prod-Login' });
    expect(passwords.passwordCost()).toBe(11);
  });

  it('follows the test-only switch outside Lambda, and the decoy follows it, so an unknown e-mail still costs what a wrong password costs', async () => {
    const passwords = await loadWith({ [TEST_BCRYPT_COST_ENV]: '5', AWS_LAMBDA_FUNCTION_NAME: undefined });
    expect(bcrypt.getRounds(await passwords.hashPassword('correct horse'))).toBe(5);
    expect(bcrypt.getRounds(await passwords.decoyHash())).toBe(5);
    await expect(passwords.burnPasswordCheck('correct horse')).resolves.toBe(false);
  });

  it('refuses the switch inside Lambda: the module does not load, so the function cannot start', async () => {
    await expect(loadWith({ [TEST_BCRYPT_COST_ENV]: '4', AWS_LAMBDA_FUNCTION_NAME: 'Meld-prod-Login' })).rejects.toThrow(/test-only switch and is refused in Lambda/);
    expect(() => passwordCost({ [TEST_BCRYPT_COST_ENV]: '11', AWS_LAMBDA_FUNCTION_NAME: 'Meld-prod-Login' })).toThrow(/refused in Lambda/);
  });

  it.each(['3', '12', '4.5', '', 'low'])('refuses a switch value outside bcrypt’s floor and the real cost: %j', (value) => {
    expect(() => passwordCost({ [TEST_BCRYPT_COST_ENV]: value })).toThrow(new RegExp(`${TEST_BCRYPT_COST_ENV} must be a whole number from 4 to 11`));
  });
});
