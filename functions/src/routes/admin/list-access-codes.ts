import { listAccessCodes } from '../../domain/admin/access-codes.ts';
import { defineHandler } from '../../http/handler.ts';
import { accessCodeDeps } from './interest-admin-deps.ts';

export const handler = defineHandler('listAccessCodes', async ({ now }) => listAccessCodes(accessCodeDeps, now));
