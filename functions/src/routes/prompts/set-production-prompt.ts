import { setProduction } from '../../domain/prompts/versions.ts';
import { defineHandler } from '../../http/handler.ts';
import { promptActor, promptDeps } from './prompt-actor.ts';

export const handler = defineHandler('setProductionPrompt', async ({ auth, params, now }) => setProduction(promptActor(auth), params.promptId, promptDeps(now)));
