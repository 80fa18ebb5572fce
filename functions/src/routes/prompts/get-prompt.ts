import { getVersion } from '../../domain/prompts/versions.ts';
import { defineHandler } from '../../http/handler.ts';
import * as promptStore from '../../store/prompt-store.ts';
import { promptActor } from './prompt-actor.ts';

export const handler = defineHandler('getPrompt', async ({ auth, params }) => getVersion(promptActor(auth), params.promptId, { store: promptStore }));
