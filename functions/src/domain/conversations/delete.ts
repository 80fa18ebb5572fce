import type { Conversation } from '@meld/shared';
import { conversationNotFound } from './not-found.ts';

export interface DeleteDeps {
  getConversation(userId: string, conversationId: string): Promise<Conversation | undefined>;
  listAllConversations(userId: string): Promise<Conversation[]>;
  deleteAllMessages(userId: string, conversationId: string): Promise<number>;
  /** The runs of the conversation's code blocks (decision 0025). */
  deleteToolCalls(userId: string, conversationId: string): Promise<number>;
  /** True only for the call that removed the item. */
  deleteConversationItem(userId: string, conversationId: string): Promise<boolean>;
  deleteSharesForConversation(userId: string, conversationId: string): Promise<number>;
  deleteAllSharesOfUser(userId: string): Promise<number>;
  adjustTagCounts(userId: string, deltas: Record<string, number>): Promise<void>;
}

/** Conversations deleted side by side in a delete-all; each is a handful of calls. */
const PARALLEL_DELETES = 8;

/** Minus one per conversation carrying each tag. */
function tagDecrements(conversations: Conversation[]): Record<string, number> {
  const deltas: Record<string, number> = {};
  for (const tag of conversations.flatMap((conversation) => conversation.tags)) deltas[tag] = (deltas[tag] ?? 0) - 1;
  return deltas;
}

/**
 * Public links go first, so nothing stays readable once a delete has started. The conversation
 * item goes after its messages: if a step fails, the conversation is still listed and deleting
 * it again finishes the job. Tag counts change last, and only for the call whose conditional
 * delete removed the conversation, so a retried or concurrent delete never takes a tag down twice.
 */
async function deleteOne(userId: string, conversation: Conversation, deps: DeleteDeps): Promise<void> {
  await deps.deleteSharesForConversation(userId, conversation.conversationId);
  const removed = await removeContent(userId, conversation, deps);
  if (removed && conversation.tags.length) await deps.adjustTagCounts(userId, tagDecrements([conversation]));
}

async function removeContent(userId: string, conversation: Conversation, deps: DeleteDeps): Promise<boolean> {
  await deps.deleteAllMessages(userId, conversation.conversationId);
  await deps.deleteToolCalls(userId, conversation.conversationId);
  return deps.deleteConversationItem(userId, conversation.conversationId);
}

/** Deletes one of the user's conversations with everything hanging off it; 404 when it is not theirs. */
export async function deleteConversation(userId: string, conversationId: string, deps: DeleteDeps): Promise<number> {
  const conversation = await deps.getConversation(userId, conversationId);
  if (!conversation) throw conversationNotFound();
  await deleteOne(userId, conversation, deps);
  return 1;
}

/** Deletes every conversation of the user, archived ones too, with the same cascade. */
export async function deleteAllConversations(userId: string, deps: DeleteDeps): Promise<number> {
  const conversations = await deps.listAllConversations(userId);
  await deps.deleteAllSharesOfUser(userId);
  const removed: Conversation[] = [];
  for (let i = 0; i < conversations.length; i += PARALLEL_DELETES) {
    const batch = conversations.slice(i, i + PARALLEL_DELETES);
    const results = await Promise.all(batch.map((conversation) => removeContent(userId, conversation, deps)));
    removed.push(...batch.filter((_, index) => results[index]));
  }
  const deltas = tagDecrements(removed);
  if (Object.keys(deltas).length) await deps.adjustTagCounts(userId, deltas);
  return conversations.length;
}
