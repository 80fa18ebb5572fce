import { ADMIN_MESSAGES } from '@meld/shared';
import { describe, expect, it } from 'vitest';
import type { UserRecord } from '../../store/user-store.ts';
import type { DeleteUserDeps } from '../account/delete-account.ts';
import { changeUserRole, deleteUserAsAdmin, listPlatformUsers, toAdminUser } from './users.ts';

const user: UserRecord = {
  id: 'u2',
  name: 'Maya Angelou',
  username: 'maya',
  email: 'maya@example.com',
  passwordHash: '$2b$10$secret',
  role: 'USER',
  provider: 'local',
  emailVerified: true,
  twoFactorEnabled: false,
  termsAccepted: true,
  avatar: null,
  profile: { whyHere: '', lifeArena: '', identitySegment: '', currentBlock: '' },
  signupCode: 'PILOT',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  lastLogin: null,
};

function deletionSteps() {
  const calls: string[] = [];
  const step = (name: string) => async () => {
    calls.push(name);
    return 0;
  };
  const deletion: DeleteUserDeps = {
    deleteAllSessions: async () => void calls.push('sessions'),
    deleteAllSharesOfUser: step('shares'),
    releaseIdentityLinks: step('links'),
    releaseEmailClaim: async () => void calls.push('claim'),
    deleteUserProfile: async () => void calls.push('profile'),
    enqueueJobs: async (jobs) => void calls.push(...jobs.map((job) => job.kind)),
  };
  return { calls, deletion };
}

describe('platform users', () => {
  it('shows the panel no password hash', () => {
    expect(JSON.stringify(toAdminUser(user))).not.toContain('secret');
    expect(toAdminUser(user)).toMatchObject({ _id: 'u2', email: 'maya@example.com', role: 'USER' });
  });

  it('turns a numbered page into the matches to pass over, with the default page size', async () => {
    const asked: unknown[] = [];
    const listed = await listPlatformUsers({ page: 3, search: 'maya' }, { listUsers: async (options) => (asked.push(options), { users: [user], nextCursor: 'next' }) });
    expect(asked).toEqual([{ search: 'maya', role: undefined, limit: 100, skip: 200, cursor: undefined }]);
    expect(listed).toMatchObject({ page: 3, limit: 100, nextCursor: 'next', users: [{ _id: 'u2' }] });
  });

  it('refuses an admin’s own role change without writing, and answers 404 for an unknown user', async () => {
    let writes = 0;
    const setUserRole = async () => (writes++, undefined);
    await expect(changeUserRole('u1', 'u1', 'USER', { setUserRole, setSessionsRole: async () => undefined }, new Date())).rejects.toMatchObject({ kind: 'invalid', message: ADMIN_MESSAGES.ownRole });
    expect(writes).toBe(0);
    await expect(changeUserRole('u1', 'u9', 'USER', { setUserRole, setSessionsRole: async () => undefined }, new Date())).rejects.toMatchObject({ kind: 'not-found', message: ADMIN_MESSAGES.userNotFound });
  });

  it('deletes another user in the account deletion’s order, and never the admin themself', async () => {
    const { calls, deletion } = deletionSteps();
    expect(await deleteUserAsAdmin('u1', 'u2', { getUser: async () => user, deletion })).toEqual({ message: ADMIN_MESSAGES.userDeleted });
    expect(calls).toEqual(['sessions', 'shares', 'links', 'purgeAccount', 'claim', 'profile']);
    calls.length = 0;
    await expect(deleteUserAsAdmin('u1', 'u1', { getUser: async () => user, deletion })).rejects.toMatchObject({ kind: 'invalid', message: ADMIN_MESSAGES.ownAccount });
    await expect(deleteUserAsAdmin('u1', 'u9', { getUser: async () => undefined, deletion })).rejects.toMatchObject({ kind: 'not-found' });
    expect(calls).toEqual([]);
  });
});
