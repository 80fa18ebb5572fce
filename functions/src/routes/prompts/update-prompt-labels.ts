import { updateLabels } from '../../domain/prompts/versions.ts';
import { defineHandler } from '../../http/handler.ts';
import { promptActor, promptDeps } from './prompt-actor.ts';

export const handler = defineHandler('updatePromptLabels', async ({ auth, params, body, now }) => updateLabels(promptActor(auth), params.promptId, body.labels, promptDeps(now)));
