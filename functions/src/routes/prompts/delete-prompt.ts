import { deleteVersion } from '../../domain/prompts/versions.ts';
import { defineHandler } from '../../http/handler.ts';
import { promptActor, promptDeps } from './prompt-actor.ts';

export const handler = defineHandler('deletePrompt', async ({ auth, params, now }) => deleteVersion(promptActor(auth), params.promptId, promptDeps(now)));
