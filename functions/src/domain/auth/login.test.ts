import { describe, expect, it } from 'vitest';
import type { UserRecord } from '../../store/user-store.ts';
import { checkCredentials, INVALID_CREDENTIALS_MESSAGE, type LoginDeps } from './login.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from './passwords.ts';

async function deps(user: Partial<UserRecord>, requireVerifiedEmail = false) {
  const record = { id: 'u1', passwordHash: await hashPassword('correct horse'), emailVerified: true, ...user } as UserRecord;
  return {
    findUserIdByEmail: async (email: string) => (email.toLowerCase() === 'amy@example.com' ? 'u1' : undefined),
    getUser: async (id: string) => (id === 'u1' ? record : undefined),
    requireVerifiedEmail,
  };
}

describe('checking credentials', () => {
  it('returns the user for the right password, whatever the e-mail case', async () => {
    await expect(checkCredentials('AMY@example.com', 'correct horse', await deps({}))).resolves.toMatchObject({ id: 'u1' });
  });

  it('gives one answer for a wrong password and an unknown e-mail', async () => {
    const d = await deps({});
    await expect(checkCredentials('amy@example.com', 'wrong horse', d)).rejects.toMatchObject({ kind: 'unauthenticated', message: INVALID_CREDENTIALS_MESSAGE });
    await expect(checkCredentials('nobody@example.com', 'correct horse', d)).rejects.toMatchObject({ kind: 'unauthenticated', message: INVALID_CREDENTIALS_MESSAGE });
  });

  it('refuses accounts without a password, such as social sign-ins', async () => {
    await expect(checkCredentials('amy@example.com', 'correct horse', await deps({ passwordHash: null }))).rejects.toMatchObject({ kind: 'unauthenticated' });
  });

  it('asks for e-mail verification when the operator requires it', async () => {
    await expect(checkCredentials('amy@example.com', 'correct horse', await deps({ emailVerified: false }, true))).rejects.toMatchObject({ kind: 'unprocessable' });
  });
});

describe('checking credentials beside a registration attempt (issue 21)', () => {
  /** Real compares, counted, and the attempt reads, counted. */
  function counted(base: Omit<LoginDeps, 'passwords' | 'registrationAttempt'>, attemptPassword?: string) {
    const count = { compares: 0, attemptReads: 0 };
    const attemptHash = attemptPassword === undefined ? undefined : hashPassword(attemptPassword);
    const d: LoginDeps = {
      ...base,
      registrationAttempt: async () => {
        count.attemptReads++;
        return attemptHash && { passwordHash: await attemptHash };
      },
      passwords: {
        verify: (password, hash) => (count.compares++, verifyPassword(password, hash)),
        burn: (password) => (count.compares++, burnPasswordCheck(password)),
      },
    };
    return { d, count };
  }

  type Outcome = 'signed in' | 'unprocessable' | 'unauthenticated';
  const outcome = (email: string, password: string, d: LoginDeps): Promise<Outcome> =>
    checkCredentials(email, password, d).then(
      () => 'signed in',
      (error: { kind: Outcome }) => error.kind,
    );

  const cases: { name: string; user: Partial<UserRecord>; attempt?: string; email?: string; password: string; expected: Outcome }[] = [
    { name: 'a new account, its own password', user: { emailVerified: false }, password: 'correct horse', expected: 'unprocessable' },
    { name: 'a new account, a wrong password', user: { emailVerified: false }, password: 'wrong horse', expected: 'unauthenticated' },
    { name: 'a taken address, the attempt\'s password', user: {}, attempt: 'strangers horse', password: 'strangers horse', expected: 'unprocessable' },
    { name: 'a taken address, the owner\'s password beside an attempt', user: {}, attempt: 'strangers horse', password: 'correct horse', expected: 'signed in' },
    { name: 'a taken address, the owner re-registered with their own password', user: {}, attempt: 'correct horse', password: 'correct horse', expected: 'signed in' },
    { name: 'a taken address, the owner\'s password, no attempt', user: {}, password: 'correct horse', expected: 'signed in' },
    { name: 'a taken address, a wrong password beside an attempt', user: {}, attempt: 'strangers horse', password: 'wrong horse', expected: 'unauthenticated' },
    { name: 'a taken address, a wrong password, no attempt', user: {}, password: 'wrong horse', expected: 'unauthenticated' },
    { name: 'an unverified owner\'s password beside an attempt', user: { emailVerified: false }, attempt: 'strangers horse', password: 'correct horse', expected: 'unprocessable' },
    { name: 'an account without a password, the attempt\'s password', user: { passwordHash: null }, attempt: 'strangers horse', password: 'strangers horse', expected: 'unprocessable' },
    { name: 'an account without a password, a wrong one', user: { passwordHash: null }, password: 'correct horse', expected: 'unauthenticated' },
    { name: 'an unknown address', user: {}, email: 'nobody@example.com', password: 'correct horse', expected: 'unauthenticated' },
  ];

  for (const { name, user, attempt, email, password, expected } of cases) {
    it(`makes exactly two compares with verification required: ${name}`, async () => {
      const { d, count } = counted(await deps(user, true), attempt);
      expect(await outcome(email ?? 'amy@example.com', password, d)).toBe(expected);
      expect(count).toEqual({ compares: 2, attemptReads: 1 });
    });
  }

  it('without required verification makes one compare and reads no attempt, as before', async () => {
    for (const [email, password, expected] of [
      ['amy@example.com', 'correct horse', 'signed in'],
      ['amy@example.com', 'strangers horse', 'unauthenticated'],
      ['nobody@example.com', 'correct horse', 'unauthenticated'],
    ] as const) {
      const { d, count } = counted(await deps({}), 'strangers horse');
      expect(await outcome(email, password, d)).toBe(expected);
      expect(count).toEqual({ compares: 1, attemptReads: 0 });
    }
  });
});
