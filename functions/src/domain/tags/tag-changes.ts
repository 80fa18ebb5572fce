import { ERROR_CODES, type Tag } from '@meld/shared';
import { DomainError } from '../errors.ts';
import { conversationNotFound } from '../conversations/not-found.ts';
import { addTagToConversation } from './conversation-tags.ts';
import type { TagDeps } from './deps.ts';
import { reorder } from './positions.ts';

function tagNotFound(): DomainError {
  return new DomainError('not-found', ERROR_CODES.notFound, 'Tag not found');
}

function tagExists(tag: string): DomainError {
  return new DomainError('conflict', ERROR_CODES.conflict, `You already have a tag named "${tag}"`, 'tag');
}

/**
 * Creates a tag at the end of the user's order. With a conversation, the tag is also put on it
 * and counted; the conversation is checked first so a wrong id creates nothing.
 */
export async function createTag(
  userId: string,
  input: { tag: string; description?: string | null | undefined; conversationId?: string | undefined },
  now: Date,
  deps: TagDeps,
): Promise<Tag> {
  if (input.conversationId && !(await deps.getConversation(userId, input.conversationId))) throw conversationNotFound();
  const at = now.toISOString();
  const existing = await deps.listTags(userId);
  const tag: Tag = { tag: input.tag, description: input.description ?? null, count: 0, position: existing.length, user: userId, createdAt: at, updatedAt: at };
  // The conditional insert is the uniqueness check; the list only gives the position.
  if (!(await deps.insertTag(tag))) throw tagExists(input.tag);
  if (!input.conversationId) return tag;
  const added = await addTagToConversation(userId, input.conversationId, input.tag, deps);
  if (!added) return tag;
  await deps.adjustTagCounts(userId, { [input.tag]: 1 }, at);
  return { ...tag, count: tag.count + 1 };
}

/**
 * Renames the tag (on every conversation carrying it, count kept), changes its description,
 * and/or moves it to another position, shifting the others.
 */
export async function updateTag(
  userId: string,
  name: string,
  change: { tag?: string | undefined; description?: string | null | undefined; position?: number | undefined },
  now: Date,
  deps: TagDeps,
): Promise<Tag> {
  const at = now.toISOString();
  let tag = await deps.getTag(userId, name);
  if (!tag) throw tagNotFound();
  if (change.tag !== undefined && change.tag !== name) tag = await renameTag(tag, change.tag, at, deps);
  if (change.position === undefined && change.description === undefined) return tag;
  let position: number | undefined;
  if (change.position !== undefined) {
    const positions = reorder(await deps.listTags(userId), { tag: tag.tag, to: change.position });
    position = positions[tag.tag] ?? tag.position;
    delete positions[tag.tag];
    await deps.setTagPositions(userId, positions);
  }
  const updated = await deps.updateTag(userId, tag.tag, { description: change.description, position, updatedAt: at });
  if (!updated) throw tagNotFound();
  return updated;
}

/**
 * Claim-first rename: the new name is written (409 if taken) before the old item goes, so a
 * failure half-way leaves both names rather than neither. The conversations carrying the tag,
 * which may be thousands, are renamed by the worker (decision 0034); it is queued before the old
 * item goes, so no rename is lost.
 */
async function renameTag(tag: Tag, newName: string, at: string, deps: TagDeps): Promise<Tag> {
  const renamed: Tag = { ...tag, tag: newName, updatedAt: at };
  if (!(await deps.insertTag(renamed))) throw tagExists(newName);
  await deps.enqueueJobs([{ kind: 'retagConversations', userId: tag.user, from: tag.tag, to: newName }]);
  await deps.deleteTag(tag.user, tag.tag);
  return renamed;
}

/** Deletes a tag and closes the gap in the order; the worker takes it off every conversation. */
export async function deleteTag(userId: string, name: string, deps: TagDeps): Promise<{ deletedCount: number }> {
  if (!(await deps.getTag(userId, name))) throw tagNotFound();
  // Queued before the item goes, so a tag is never gone with its conversations unqueued.
  await deps.enqueueJobs([{ kind: 'retagConversations', userId, from: name, to: null }]);
  if (!(await deps.deleteTag(userId, name))) throw tagNotFound();
  await deps.setTagPositions(userId, reorder(await deps.listTags(userId)));
  return { deletedCount: 1 };
}
