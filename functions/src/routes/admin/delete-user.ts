import { deleteUserAsAdmin } from '../../domain/admin/users.ts';
import { defineHandler } from '../../http/handler.ts';
import { adminUsersDeps } from './admin-users-deps.ts';

export const handler = defineHandler('deleteUser', async ({ auth, params }) => deleteUserAsAdmin(auth.userId, params.id, adminUsersDeps));
