import { listUserInterests } from '../../domain/admin/interest.ts';
import { defineHandler } from '../../http/handler.ts';
import { interestAdminDeps } from './interest-admin-deps.ts';

export const handler = defineHandler('listUserInterest', async () => listUserInterests(interestAdminDeps));
