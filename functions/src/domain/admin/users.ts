import { ADMIN_LIMITS, ADMIN_MESSAGES, ERROR_CODES, type AdminUser, type ListUsersResponse, type Role } from '@meld/shared';
import type { ListUsersOptions, UserRecord } from '../../store/user-store.ts';
import { deleteUserAndData, type DeleteUserDeps } from '../account/delete-account.ts';
import { DomainError } from '../errors.ts';

/** The admin panel's platform users (decision 0017): list, role change, deletion. */
export interface AdminUsersDeps {
  listUsers(options: ListUsersOptions): Promise<{ users: UserRecord[]; nextCursor: string | null }>;
  getUser(userId: string): Promise<UserRecord | undefined>;
  /** One conditional write; undefined when there is no such user. */
  setUserRole(userId: string, role: Role, updatedAt: string): Promise<UserRecord | undefined>;
  /** Writes the role onto each of the user's sessions, which every signed-in request reads. */
  setSessionsRole(userId: string, role: Role): Promise<void>;
  deletion: DeleteUserDeps;
}

export interface UsersQuery {
  page?: number | undefined;
  limit?: number | undefined;
  search?: string | undefined;
  role?: Role | undefined;
  cursor?: string | undefined;
}

/** What the panel sees of a profile: never the password's hash or a secret. */
export function toAdminUser(user: UserRecord): AdminUser {
  return {
    _id: user.id,
    name: user.name,
    username: user.username,
    email: user.email,
    avatar: user.avatar,
    role: user.role,
    provider: user.provider,
    emailVerified: user.emailVerified,
    twoFactorEnabled: user.twoFactorEnabled,
    createdAt: user.createdAt,
    lastLogin: user.lastLogin,
  };
}

const notFound = () => new DomainError('not-found', ERROR_CODES.notFound, ADMIN_MESSAGES.userNotFound);
const refused = (message: string) => new DomainError('invalid', ERROR_CODES.validation, message, 'id');

/** A page of users, newest account first: after the cursor when given, else the numbered page. */
export async function listPlatformUsers(query: UsersQuery, deps: Pick<AdminUsersDeps, 'listUsers'>): Promise<ListUsersResponse> {
  const limit = query.limit ?? ADMIN_LIMITS.usersPageDefault;
  const page = query.page ?? 1;
  const { users, nextCursor } = await deps.listUsers({ search: query.search, role: query.role, limit, skip: (page - 1) * limit, cursor: query.cursor });
  return { users: users.map(toAdminUser), nextCursor, page, limit };
}

/** An admin never changes their own role, so the panel cannot lose its last admin by accident. */
export async function changeUserRole(adminId: string, userId: string, role: Role, deps: Pick<AdminUsersDeps, 'setUserRole' | 'setSessionsRole'>, now: Date): Promise<AdminUser> {
  if (userId === adminId) throw refused(ADMIN_MESSAGES.ownRole);
  const updated = await deps.setUserRole(userId, role, now.toISOString());
  if (!updated) throw notFound();
  // The access tokens name the old role for up to 15 minutes; the sessions carry the new one now.
  await deps.setSessionsRole(userId, role);
  return toAdminUser(updated);
}

/** The account deletion, run by an admin on someone else's account. */
export async function deleteUserAsAdmin(adminId: string, userId: string, deps: Pick<AdminUsersDeps, 'getUser' | 'deletion'>): Promise<{ message: string }> {
  if (userId === adminId) throw refused(ADMIN_MESSAGES.ownAccount);
  const user = await deps.getUser(userId);
  if (!user) throw notFound();
  await deleteUserAndData(user, deps.deletion);
  return { message: ADMIN_MESSAGES.userDeleted };
}
