import { updateGroup } from '../../domain/prompts/groups.ts';
import { defineHandler } from '../../http/handler.ts';
import { promptActor, promptDeps } from './prompt-actor.ts';

export const handler = defineHandler('updatePromptGroup', async ({ auth, params, body, now }) => updateGroup(promptActor(auth), params.groupId, body, promptDeps(now)));
