import { revokeAccessCode } from '../../domain/admin/access-codes.ts';
import { defineHandler } from '../../http/handler.ts';
import { accessCodeDeps } from './interest-admin-deps.ts';

export const handler = defineHandler('revokeAccessCode', async ({ params, now }) => revokeAccessCode(params.code, accessCodeDeps, now));
