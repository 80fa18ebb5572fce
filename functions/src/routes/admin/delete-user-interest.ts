import { deleteUserInterest } from '../../domain/admin/interest.ts';
import { defineHandler } from '../../http/handler.ts';
import { interestAdminDeps } from './interest-admin-deps.ts';

export const handler = defineHandler('deleteUserInterest', async ({ params }) => deleteUserInterest(params.id, interestAdminDeps));
