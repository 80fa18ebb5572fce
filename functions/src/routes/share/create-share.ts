import { createShare } from '../../domain/share/shares.ts';
import { defineHandler } from '../../http/handler.ts';
import { reply } from '../../http/reply.ts';
import { shareDeps } from './share-deps.ts';

export const handler = defineHandler('createShare', async ({ auth, params, body, now }) =>
  reply(await createShare(auth.userId, params.id, body.targetMessageId, now, shareDeps), { status: 201 }),
);
