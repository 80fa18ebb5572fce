import { createGroup } from '../../domain/prompts/groups.ts';
import { addVersion } from '../../domain/prompts/versions.ts';
import { defineHandler } from '../../http/handler.ts';
import { promptActor, promptDeps } from './prompt-actor.ts';

export const handler = defineHandler('createPrompt', async ({ auth, body, now }) => {
  const actor = promptActor(auth);
  if (body.groupId !== undefined) return addVersion(actor, body.groupId, body.prompt, body.makeProduction === true, promptDeps(now));
  return createGroup(actor, { group: body.group!, prompt: body.prompt }, promptDeps(now));
});
