import { getGroup } from '../../domain/prompts/listing.ts';
import { defineHandler } from '../../http/handler.ts';
import * as promptStore from '../../store/prompt-store.ts';
import { promptActor } from './prompt-actor.ts';

export const handler = defineHandler('getPromptGroup', async ({ auth, params }) => getGroup(promptActor(auth), params.groupId, promptStore));
