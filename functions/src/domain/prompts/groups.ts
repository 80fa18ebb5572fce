import { ERROR_CODES, PROMPT_GLOBAL_PROJECT_ID, PROMPT_LIMITS, type createPromptBody, type Prompt, type PromptGroup, type updatePromptGroupBody } from '@meld/shared';
import type * as z from 'zod';
import { DomainError } from '../errors.ts';
import { editableGroup, groupNotFound, type PromptActor, type PromptDeps, type PromptStore } from './access.ts';

type NewGroupInput = NonNullable<z.output<typeof createPromptBody>['group']>;
type NewVersionInput = z.output<typeof createPromptBody>['prompt'];
export type UpdateGroupInput = z.output<typeof updatePromptGroupBody>;

const commandTaken = (command: string) =>
  new DomainError('conflict', ERROR_CODES.conflict, `The command /${command} is already used by another of your prompts.`, 'command');

/** Claims the command before anything is written (decision 0001's claim-first ordering). */
async function claim(store: PromptStore, userId: string, command: string | null, groupId: string): Promise<void> {
  if (command && !(await store.claimCommand(userId, command, groupId))) throw commandTaken(command);
}

export function newVersion(actor: PromptActor, groupId: string, input: NewVersionInput, deps: PromptDeps): Prompt {
  const at = deps.now.toISOString();
  return { promptId: deps.newId(), groupId, author: actor.userId, prompt: input.prompt, type: input.type, labels: input.labels ?? [], createdAt: at, updatedAt: at };
}

/** A new group whose first version is its production version. Sharing it needs SHARED_GLOBAL. */
export async function createGroup(actor: PromptActor, input: { group: NewGroupInput; prompt: NewVersionInput }, deps: PromptDeps): Promise<{ prompt: Prompt; group: PromptGroup }> {
  await actor.require('CREATE');
  const projectIds = input.group.projectIds ?? [];
  if (projectIds.length > 0) await actor.require('SHARED_GLOBAL');
  if ((await deps.store.countOwnGroups(actor.userId)) >= PROMPT_LIMITS.groupsPerUser) {
    throw new DomainError('invalid', ERROR_CODES.validation, `You can keep at most ${PROMPT_LIMITS.groupsPerUser} prompts; delete one first.`, 'group');
  }
  const groupId = deps.newId();
  const command = input.group.command || null;
  await claim(deps.store, actor.userId, command, groupId);
  const prompt = newVersion(actor, groupId, input.prompt, deps);
  const group: PromptGroup = {
    groupId,
    name: input.group.name,
    oneliner: input.group.oneliner ?? '',
    category: input.group.category ?? null,
    command,
    author: actor.userId,
    authorName: await actor.displayName(),
    projectIds,
    productionId: prompt.promptId,
    productionPrompt: { prompt: prompt.prompt, type: prompt.type },
    numberOfGenerations: 0,
    createdAt: prompt.createdAt,
    updatedAt: prompt.createdAt,
  };
  try {
    // The version first: a group is never listed without its production text.
    await deps.store.putVersion(prompt);
    await deps.store.createGroup(group);
  } catch (error) {
    // A failed create must not keep the command from the user's next try.
    if (command) await deps.store.releaseCommand(actor.userId, command, groupId);
    throw error;
  }
  return { prompt, group };
}

/** Changes the fields sent; a new command is claimed before the group changes, the old one released after. */
export async function updateGroup(actor: PromptActor, groupId: string, input: UpdateGroupInput, deps: PromptDeps): Promise<PromptGroup> {
  await actor.require('CREATE');
  const group = await editableGroup(actor, groupId, deps.store);
  const projects = new Set(group.projectIds);
  for (const project of input.projectIds ?? []) projects.add(project);
  for (const project of input.removeProjectIds ?? []) projects.delete(project);
  const projectIds = [...projects].filter((project) => project === PROMPT_GLOBAL_PROJECT_ID);
  // Only a change of who sees the group needs SHARED_GLOBAL; resending its sharing as it is does not.
  if (projectIds.includes(PROMPT_GLOBAL_PROJECT_ID) !== group.projectIds.includes(PROMPT_GLOBAL_PROJECT_ID)) await actor.require('SHARED_GLOBAL');
  const command = input.command === undefined ? group.command : input.command || null;
  const next: PromptGroup = {
    ...group,
    name: input.name ?? group.name,
    oneliner: input.oneliner ?? group.oneliner,
    category: input.category === undefined ? group.category : input.category,
    command,
    projectIds,
    updatedAt: deps.now.toISOString(),
  };
  if (command !== group.command) await claim(deps.store, actor.userId, command, groupId);
  if (!(await deps.store.saveGroup(next))) {
    // Deleted meanwhile: the new claim goes too, so the command stays free.
    if (command && command !== group.command) await deps.store.releaseCommand(actor.userId, command, groupId);
    throw groupNotFound();
  }
  if (group.command && command !== group.command) await deps.store.releaseCommand(actor.userId, group.command, groupId);
  return next;
}

/** Deletes the group, every version of it and its command. */
export async function deleteGroup(actor: PromptActor, groupId: string, deps: PromptDeps): Promise<{ groupId: string; deleted: true }> {
  await actor.require('CREATE');
  const group = await editableGroup(actor, groupId, deps.store);
  await removeGroup(group, deps.store);
  return { groupId, deleted: true };
}

export async function removeGroup(group: PromptGroup, store: PromptStore): Promise<void> {
  await store.deleteGroup(group.author, group.groupId);
  if (group.command) await store.releaseCommand(group.author, group.command, group.groupId);
}
