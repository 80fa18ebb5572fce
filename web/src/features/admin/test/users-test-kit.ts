import type { AdminUser, ListUsersResponse } from '@meld/shared';

export function adminUserRow(overrides: Partial<AdminUser> & Pick<AdminUser, '_id' | 'name'>): AdminUser {
  return {
    username: overrides.name.toLowerCase().replaceAll(' ', '.'),
    email: `${overrides._id}@example.com`,
    avatar: null,
    role: 'USER',
    provider: 'local',
    emailVerified: true,
    twoFactorEnabled: false,
    createdAt: '2026-11-02T09:00:00.000Z',
    lastLogin: '2026-11-20T08:30:00.000Z',
    ...overrides,
  };
}

/** The signed-in admin of the kit (admin-1) is among them, so their own row is in the table. */
export const sampleUsers: AdminUser[] = [
  adminUserRow({ _id: 'admin-1', name: 'Grace Hopper', email: 'grace@example.com', role: 'ADMIN' }),
  adminUserRow({ _id: 'u2', name: 'Alan Turing', email: 'alan@example.com', role: 'MENTOR', lastLogin: null }),
  adminUserRow({ _id: 'u3', name: 'Katherine Johnson', email: 'katherine@example.com' }),
];

export function usersPage(users: AdminUser[], nextCursor: string | null = null): ListUsersResponse {
  return { users, nextCursor, page: 1, limit: 1000 };
}

export const usersResponse = () => usersPage(sampleUsers);
