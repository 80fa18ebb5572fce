import { ERROR_CODES, PROMPT_LIMITS, type createPromptBody, type Prompt, type PromptGroup } from '@meld/shared';
import type * as z from 'zod';
import { DomainError } from '../errors.ts';
import { editableGroup, editableVersion, readableGroup, readableVersion, type PromptActor, type PromptDeps } from './access.ts';
import { newVersion, removeGroup } from './groups.ts';

type NewVersionInput = z.output<typeof createPromptBody>['prompt'];

function withProduction(group: PromptGroup, version: Prompt, at: string): PromptGroup {
  return { ...group, productionId: version.promptId, productionPrompt: { prompt: version.prompt, type: version.type }, updatedAt: at };
}

/** A new version of the actor's group; it becomes production only when asked. */
export async function addVersion(actor: PromptActor, groupId: string, input: NewVersionInput, makeProduction: boolean, deps: PromptDeps): Promise<{ prompt: Prompt; group: PromptGroup }> {
  await actor.require('CREATE');
  const group = await editableGroup(actor, groupId, deps.store);
  const existing = await deps.store.listVersions(group.author, groupId);
  if (existing.length >= PROMPT_LIMITS.versionsPerGroup) {
    throw new DomainError('invalid', ERROR_CODES.validation, `A prompt keeps at most ${PROMPT_LIMITS.versionsPerGroup} versions; delete an old one first.`, 'groupId');
  }
  const prompt = newVersion(actor, groupId, input, deps);
  await deps.store.putVersion(prompt);
  const next = makeProduction ? withProduction(group, prompt, prompt.createdAt) : { ...group, updatedAt: prompt.createdAt };
  await deps.store.saveGroup(next);
  return { prompt, group: next };
}

export async function listVersions(actor: PromptActor, groupId: string, deps: Pick<PromptDeps, 'store'>): Promise<Prompt[]> {
  await actor.require('USE');
  const group = await readableGroup(actor, groupId, deps.store);
  return deps.store.listVersions(group.author, group.groupId);
}

export async function getVersion(actor: PromptActor, promptId: string, deps: Pick<PromptDeps, 'store'>): Promise<Prompt> {
  await actor.require('USE');
  return (await readableVersion(actor, promptId, deps.store)).version;
}

/** Makes a version the group's production version: the one the slash command inserts. */
export async function setProduction(actor: PromptActor, promptId: string, deps: PromptDeps): Promise<PromptGroup> {
  await actor.require('CREATE');
  const { version, group } = await editableVersion(actor, promptId, deps.store);
  const next = withProduction(group, version, deps.now.toISOString());
  await deps.store.saveGroup(next);
  return next;
}

export async function updateLabels(actor: PromptActor, promptId: string, labels: string[], deps: PromptDeps): Promise<Prompt> {
  await actor.require('CREATE');
  const { version } = await editableVersion(actor, promptId, deps.store);
  const updated = await deps.store.setVersionLabels(version, labels, deps.now.toISOString());
  if (!updated) throw new DomainError('not-found', ERROR_CODES.notFound, 'Prompt not found.');
  return updated;
}

/**
 * Deletes a version. The last one takes its group with it; deleting the production version hands
 * production to the newest one left.
 */
export async function deleteVersion(actor: PromptActor, promptId: string, deps: PromptDeps): Promise<{ promptId: string; groupId: string; groupDeleted: boolean; group: PromptGroup | null }> {
  await actor.require('CREATE');
  const { version, group } = await editableVersion(actor, promptId, deps.store);
  const remaining = (await deps.store.listVersions(group.author, group.groupId)).filter((other) => other.promptId !== promptId);
  if (remaining.length === 0) {
    await removeGroup(group, deps.store);
    return { promptId, groupId: group.groupId, groupDeleted: true, group: null };
  }
  const at = deps.now.toISOString();
  // Production moves before the version goes, so the group never names a missing version.
  const next = group.productionId === promptId ? withProduction(group, remaining[0]!, at) : { ...group, updatedAt: at };
  await deps.store.saveGroup(next);
  await deps.store.deleteVersion(version);
  return { promptId, groupId: group.groupId, groupDeleted: false, group: next };
}
