import type { Conversation, Tag } from '@meld/shared';
import { conversationNotFound } from '../conversations/not-found.ts';
import type { TagDeps } from './deps.ts';

/** Conversations rewritten at once when a rename or delete walks a user's conversations. */
const REWRITE_CONCURRENCY = 8;

/**
 * Tagging organises a conversation, it is not activity in it: updatedAt moves by one millisecond,
 * enough for the store's optimistic check to see the write, without moving the conversation up
 * the recent list.
 */
function withTags(conversation: Conversation, tags: string[]): Conversation {
  const updatedAt = new Date(Date.parse(conversation.updatedAt) + 1).toISOString();
  return { ...conversation, tags, updatedAt };
}

function unique(tags: string[]): string[] {
  return [...new Set(tags)];
}

/**
 * Replaces a conversation's tags and moves the counts by what was added and removed; tags the
 * user does not have yet are created. Returns the conversation's new tag list.
 */
export async function setConversationTags(userId: string, conversationId: string, tags: string[], now: Date, deps: TagDeps): Promise<string[]> {
  const next = unique(tags);
  let previous: string[] = [];
  // The change runs once per attempt; the last run is the one that was written.
  const updated = await deps.updateConversation(userId, conversationId, (current) => {
    previous = current.tags;
    return withTags(current, next);
  });
  if (!updated) throw conversationNotFound();
  const deltas: Record<string, number> = {};
  for (const tag of next) if (!previous.includes(tag)) deltas[tag] = 1;
  for (const tag of previous) if (!next.includes(tag)) deltas[tag] = -1;
  await deps.adjustTagCounts(userId, deltas, now.toISOString());
  return updated.tags;
}

/** Adds one tag to a conversation; true when it was not there before (so the count grows). */
export async function addTagToConversation(userId: string, conversationId: string, tag: string, deps: TagDeps): Promise<boolean> {
  let added = false;
  const updated = await deps.updateConversation(userId, conversationId, (current) => {
    added = !current.tags.includes(tag);
    return withTags(current, unique([...current.tags, tag]));
  });
  if (!updated) throw conversationNotFound();
  return added;
}

/**
 * Rewrites `tag` on every conversation of the user that carries it: renamed to `replacement`, or
 * removed when there is none. Returns how many conversations changed.
 */
export async function retagConversations(userId: string, tag: string, replacement: string | undefined, deps: TagDeps): Promise<number> {
  const carriers = (await deps.listAllConversations(userId)).filter((conversation) => conversation.tags.includes(tag));
  const rewrite = (tags: string[]) => unique(tags.flatMap((name) => (name === tag ? (replacement === undefined ? [] : [replacement]) : [name])));
  for (let i = 0; i < carriers.length; i += REWRITE_CONCURRENCY) {
    await Promise.all(
      carriers.slice(i, i + REWRITE_CONCURRENCY).map((conversation) =>
        deps.updateConversation(userId, conversation.conversationId, (current) => withTags(current, rewrite(current.tags))),
      ),
    );
  }
  return carriers.length;
}

/**
 * Recounts every tag from the user's conversations (fixing drift). Tags found on conversations
 * without a tag item are created after the existing ones; tags on no conversation keep their
 * item with a count of zero, as bookmarks may exist before they are used.
 */
export async function rebuildTags(userId: string, now: Date, deps: TagDeps): Promise<Tag[]> {
  const [conversations, tags] = await Promise.all([deps.listAllConversations(userId), deps.listTags(userId)]);
  const counts = new Map<string, number>();
  for (const conversation of conversations) for (const tag of unique(conversation.tags)) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  const entries: { tag: string; count: number; position: number }[] = [];
  for (const tag of tags) {
    const count = counts.get(tag.tag) ?? 0;
    if (count !== tag.count) entries.push({ tag: tag.tag, count, position: tag.position });
    counts.delete(tag.tag);
  }
  let position = tags.length;
  for (const [tag, count] of [...counts].sort(([a], [b]) => a.localeCompare(b))) entries.push({ tag, count, position: position++ });
  if (entries.length === 0) return tags;
  await deps.setTagCounts(userId, entries, now.toISOString());
  return deps.listTags(userId);
}
