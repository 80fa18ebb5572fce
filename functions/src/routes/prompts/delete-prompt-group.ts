import { deleteGroup } from '../../domain/prompts/groups.ts';
import { defineHandler } from '../../http/handler.ts';
import { promptActor, promptDeps } from './prompt-actor.ts';

export const handler = defineHandler('deletePromptGroup', async ({ auth, params, now }) => deleteGroup(promptActor(auth), params.groupId, promptDeps(now)));
