import { getInteraction } from '../../domain/compass/interactions.ts';
import { defineHandler } from '../../http/handler.ts';
import { interactionDeps } from './interaction-deps.ts';

export const handler = defineHandler('getInteraction', async ({ auth, params }) => getInteraction(auth.userId, params.id, interactionDeps));
