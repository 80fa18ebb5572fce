import { createInteraction } from '../../domain/compass/interactions.ts';
import { defineHandler } from '../../http/handler.ts';
import { reply } from '../../http/reply.ts';
import { interactionDeps } from './interaction-deps.ts';

export const handler = defineHandler('createInteraction', async ({ auth, body, now }) =>
  reply(await createInteraction(auth.userId, body, now, interactionDeps), { status: 201 }),
);
