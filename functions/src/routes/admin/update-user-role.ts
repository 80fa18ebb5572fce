import { changeUserRole } from '../../domain/admin/users.ts';
import { defineHandler } from '../../http/handler.ts';
import { adminUsersDeps } from './admin-users-deps.ts';

export const handler = defineHandler('updateUserRole', async ({ auth, params, body, now }) => changeUserRole(auth.userId, params.id, body.role, adminUsersDeps, now));
