import { listVersions } from '../../domain/prompts/versions.ts';
import { defineHandler } from '../../http/handler.ts';
import * as promptStore from '../../store/prompt-store.ts';
import { promptActor } from './prompt-actor.ts';

export const handler = defineHandler('listPrompts', async ({ auth, query }) => listVersions(promptActor(auth), query.groupId, { store: promptStore }));
