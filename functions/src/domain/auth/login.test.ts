import { describe, expect, it } from 'vitest';
import type { UserRecord } from '../../store/user-store.ts';
import { checkCredentials, INVALID_CREDENTIALS_MESSAGE } from './login.ts';
import { hashPassword } from './passwords.ts';

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
