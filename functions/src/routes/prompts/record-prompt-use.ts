import { recordUse } from '../../domain/prompts/listing.ts';
import { defineHandler } from '../../http/handler.ts';
import * as promptStore from '../../store/prompt-store.ts';
import { promptActor } from './prompt-actor.ts';

export const handler = defineHandler('recordPromptUse', async ({ auth, params }) => recordUse(promptActor(auth), params.groupId, promptStore));
