import { duplicateConversation } from '../../domain/conversations/copy.ts';
import { defineHandler } from '../../http/handler.ts';
import { reply } from '../../http/reply.ts';
import { copyDeps } from './convo-deps.ts';

export const handler = defineHandler('duplicateConvo', async ({ body, auth, now }) =>
  reply(await duplicateConversation(auth.userId, body.conversationId, body.title, now, copyDeps), { status: 201 }),
);
