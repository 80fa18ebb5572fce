import { updateInteraction } from '../../domain/compass/interactions.ts';
import { defineHandler } from '../../http/handler.ts';
import { interactionDeps } from './interaction-deps.ts';

export const handler = defineHandler('updateInteraction', async ({ auth, params, body, now }) => updateInteraction(auth.userId, params.id, body, now, interactionDeps));
