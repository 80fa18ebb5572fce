import type { AdminUsersDeps } from '../../domain/admin/users.ts';
import { userDeletionStore } from '../../store/account-store.ts';
import { setSessionsRole } from '../../store/session-store.ts';
import { getUser, listUsers, setUserRole } from '../../store/user-store.ts';

/** What the admin's user routes read and write. */
export const adminUsersDeps: AdminUsersDeps = { listUsers, getUser, setUserRole, setSessionsRole, deletion: userDeletionStore };
