import { listPlatformUsers } from '../../domain/admin/users.ts';
import { defineHandler } from '../../http/handler.ts';
import { adminUsersDeps } from './admin-users-deps.ts';

export const handler = defineHandler('listUsers', async ({ query }) => listPlatformUsers(query, adminUsersDeps));
