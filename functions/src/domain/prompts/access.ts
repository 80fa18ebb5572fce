import { ERROR_CODES, type PermissionType, type Prompt, type PromptGroup } from '@meld/shared';
import type * as promptStore from '../../store/prompt-store.ts';
import { DomainError } from '../errors.ts';

/** The storage the library needs (functions/src/store/prompt-store.ts); tests may pass a fake. */
export type PromptStore = Omit<typeof promptStore, 'isShared'>;

/** Who is asking: their id and display name, and a check of their role's PROMPTS permissions. */
export interface PromptActor {
  userId: string;
  /** The name shown as a group's author (read only when a group is created). */
  displayName(): Promise<string>;
  /** Throws a 403 DomainError when the role lacks the PROMPTS permission. */
  require(type: PermissionType): Promise<void>;
}

export interface PromptDeps {
  store: PromptStore;
  now: Date;
  newId: () => string;
}

export const groupNotFound = () => new DomainError('not-found', ERROR_CODES.notFound, 'Prompt group not found.');
export const promptNotFound = () => new DomainError('not-found', ERROR_CODES.notFound, 'Prompt not found.');
const notAuthor = () => new DomainError('forbidden', ERROR_CODES.forbidden, 'Only the author can change this prompt.');

/**
 * A group the actor may read: their own, or one shared with everyone. Another user's private
 * group answers 404, never 403 (it is not theirs to know about).
 */
export async function readableGroup(actor: PromptActor, groupId: string, store: PromptStore): Promise<PromptGroup> {
  const own = await store.getOwnGroup(actor.userId, groupId);
  if (own) return own;
  const shared = await store.getSharedGroup(groupId);
  if (shared) return shared;
  throw groupNotFound();
}

/** A group the actor may change: only their own; a shared group of someone else is readable, so 403. */
export async function editableGroup(actor: PromptActor, groupId: string, store: PromptStore): Promise<PromptGroup> {
  const group = await readableGroup(actor, groupId, store);
  if (group.author !== actor.userId) throw notAuthor();
  return group;
}

/** A version the actor may read, with its group. */
export async function readableVersion(actor: PromptActor, promptId: string, store: PromptStore): Promise<{ version: Prompt; group: PromptGroup }> {
  const version = await store.findVersion(promptId, actor.userId);
  if (!version) throw promptNotFound();
  const group = version.author === actor.userId ? await store.getOwnGroup(actor.userId, version.groupId) : await store.getSharedGroup(version.groupId);
  if (!group) throw promptNotFound();
  return { version, group };
}

export async function editableVersion(actor: PromptActor, promptId: string, store: PromptStore): Promise<{ version: Prompt; group: PromptGroup }> {
  const found = await readableVersion(actor, promptId, store);
  if (found.group.author !== actor.userId) throw notAuthor();
  return found;
}
