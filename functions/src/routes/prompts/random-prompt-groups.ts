import { randomGroups } from '../../domain/prompts/listing.ts';
import { defineHandler } from '../../http/handler.ts';
import * as promptStore from '../../store/prompt-store.ts';
import { promptActor } from './prompt-actor.ts';

export const handler = defineHandler('randomPromptGroups', async ({ auth, query, now }) => randomGroups(promptActor(auth), query, promptStore, now));
