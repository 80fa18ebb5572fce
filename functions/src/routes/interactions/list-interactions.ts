import { listInteractions } from '../../domain/compass/interactions.ts';
import { defineHandler } from '../../http/handler.ts';
import { interactionDeps } from './interaction-deps.ts';

export const handler = defineHandler('listInteractions', async ({ auth, query }) => listInteractions(auth.userId, query, interactionDeps));
