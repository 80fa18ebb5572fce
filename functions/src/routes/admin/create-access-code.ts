import { createAccessCode } from '../../domain/admin/access-codes.ts';
import { defineHandler } from '../../http/handler.ts';
import { reply } from '../../http/reply.ts';
import { accessCodeDeps } from './interest-admin-deps.ts';

export const handler = defineHandler('createAccessCode', async ({ body, auth, now }) => reply(await createAccessCode(body, auth.userId, accessCodeDeps, now), { status: 201 }));
