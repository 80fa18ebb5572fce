import type { RegisterBody } from '@meld/shared';
import { describe, expect, it } from 'vitest';
import type { SignupCodeRecord } from '../../store/signup-code-store.ts';
import { EmailTakenError, type UserRecord } from '../../store/user-store.ts';
import { DomainError } from '../errors.ts';
import { register, type RegistrationDeps } from './registration.ts';
import { passwordCost } from './passwords.ts';

const body: RegisterBody = {
  name: 'Grace Hopper',
  email: 'Grace@Example.com',
  password: 'compilers',
  confirm_password: 'compilers',
  whyHere: 'goal',
  lifeArena: 'career',
  identitySegment: 'stem',
  currentBlock: 'time',
  city: '',
  state: 'Virginia',
  birthday: '',
};

function deps(code: Partial<SignupCodeRecord> | undefined, options: { emailTaken?: boolean } = {}) {
  const created: UserRecord[] = [];
  let consumed = 0;
  const record = code ? { code: 'PILOT-1', active: true, maxUses: null, uses: 0, createdAt: '', ...code } : undefined;
  const d: RegistrationDeps = {
    getSignupCode: async () => record,
    consumeSignupCode: async () => {
      consumed += 1;
      return true;
    },
    createUser: async (user) => {
      if (options.emailTaken) throw new EmailTakenError('taken');
      created.push(user);
    },
    isEmailTaken: (error) => error instanceof EmailTakenError,
    now: new Date('2026-03-01T10:00:00Z'),
  };
  return { d, created, consumed: () => consumed };
}

describe('registration', () => {
  it('creates a USER with a hashed password, the profile and the code it used', async () => {
    const { d, created, consumed } = deps({});
    const { user, taken } = await register(body, 'pilot-1', d);
    expect(taken).toBe(false);
    expect(user.emailVerified).toBe(false);
    expect(created).toHaveLength(1);
    expect(user).toMatchObject({ role: 'USER', email: 'Grace@Example.com', signupCode: 'PILOT-1', profile: { state: 'Virginia', city: undefined } });
    // bcrypt at the cost in force: 11, or the test-only switch's (passwords.test.ts holds the default to 11).
    expect(user.passwordHash).toMatch(new RegExp(`^\\$2[aby]\\$${String(passwordCost()).padStart(2, '0')}\\$`));
    expect(consumed()).toBe(1);
  });

  it('refuses without a code, with an unknown, inactive or used-up code', async () => {
    for (const [code, record] of [[undefined, {}], ['PILOT-1', undefined], ['PILOT-1', { active: false }], ['PILOT-1', { maxUses: 2, uses: 2 }]] as const) {
      const { d, created } = deps(record);
      await expect(register(body, code, d)).rejects.toMatchObject({ kind: 'forbidden', code: 'INVALID_SIGNUP_CODE' });
      expect(created).toHaveLength(0);
    }
  });

  it('reports a taken e-mail as a conflict without spending the code', async () => {
    const { d, consumed } = deps({ maxUses: 5 }, { emailTaken: true });
    const error = await register(body, 'PILOT-1', d).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ kind: 'conflict', field: 'email' });
    expect(consumed()).toBe(0);
  });
});
