import type { Conversation } from '@meld/shared';
import type { BackgroundJob } from '../../jobs/job-types.ts';
import { conversationNotFound } from './not-found.ts';

export interface DeleteDeps {
  getConversation(userId: string, conversationId: string): Promise<Conversation | undefined>;
  /** One page (at most 1 MB) of the user's conversation items, archived ones too; empty when none is left. */
  conversationItemsPage(userId: string): Promise<Conversation[]>;
  /** True only for the call that removed the item. */
  deleteConversationItem(userId: string, conversationId: string): Promise<boolean>;
  deleteConversationItems(userId: string, conversationIds: string[]): Promise<void>;
  deleteSharesForConversation(userId: string, conversationId: string): Promise<number>;
  deleteAllSharesOfUser(userId: string): Promise<number>;
  adjustTagCounts(userId: string, deltas: Record<string, number>): Promise<void>;
  enqueueJobs(jobs: BackgroundJob[]): Promise<void>;
}

/** Conversations per purge job: its item stays a few kilobytes whatever the count. */
const PURGE_JOB_CONVERSATIONS = 500;

/** Minus one per conversation carrying each tag. */
function tagDecrements(conversations: Conversation[]): Record<string, number> {
  const deltas: Record<string, number> = {};
  for (const tag of conversations.flatMap((conversation) => conversation.tags)) deltas[tag] = (deltas[tag] ?? 0) - 1;
  return deltas;
}

function purgeJobs(userId: string, conversationIds: string[]): BackgroundJob[] {
  const jobs: BackgroundJob[] = [];
  for (let i = 0; i < conversationIds.length; i += PURGE_JOB_CONVERSATIONS) jobs.push({ kind: 'purgeConversations', userId, conversationIds: conversationIds.slice(i, i + PURGE_JOB_CONVERSATIONS) });
  return jobs;
}

/**
 * Deletes one of the user's conversations; 404 when it is not theirs. Its public links go first,
 * so nothing stays readable; its purge is queued; then its item goes, which hides it everywhere at
 * once (lists, search, opening it); its messages, bodies and code runs, which may be 100,000
 * items, go in the background (decision 0034). Tag counts change only for the call whose conditional delete
 * removed the item, so a retried or concurrent delete never takes a tag down twice.
 */
export async function deleteConversation(userId: string, conversationId: string, deps: DeleteDeps): Promise<number> {
  const conversation = await deps.getConversation(userId, conversationId);
  if (!conversation) throw conversationNotFound();
  await deps.deleteSharesForConversation(userId, conversationId);
  // Queued before the item goes: a delete that fails after this still leaves nothing unqueued,
  // and the member asked for the content to go.
  await deps.enqueueJobs(purgeJobs(userId, [conversationId]));
  if (!(await deps.deleteConversationItem(userId, conversationId))) return 1;
  if (conversation.tags.length) await deps.adjustTagCounts(userId, tagDecrements([conversation]));
  return 1;
}

/**
 * Deletes every conversation of the user, archived ones too: the public links, then the items a
 * page at a time (each page's content queued for the worker), until none is left or `deadline`
 * passes; `finished` false then says the caller must have the worker go on with the same (a
 * `deleteAllConversations` job). How many conversation items this call removed.
 */
export async function deleteAllConversations(userId: string, deadline: number, deps: DeleteDeps): Promise<{ deleted: number; finished: boolean }> {
  await deps.deleteAllSharesOfUser(userId);
  let deleted = 0;
  while (Date.now() < deadline) {
    const page = await deps.conversationItemsPage(userId);
    if (page.length === 0) return { deleted, finished: true };
    const ids = page.map((conversation) => conversation.conversationId);
    // Queued before the items go, so no item is ever gone with its content unqueued.
    await deps.enqueueJobs(purgeJobs(userId, ids));
    await deps.deleteConversationItems(userId, ids);
    const deltas = tagDecrements(page);
    if (Object.keys(deltas).length) await deps.adjustTagCounts(userId, deltas);
    deleted += page.length;
  }
  return { deleted, finished: false };
}
