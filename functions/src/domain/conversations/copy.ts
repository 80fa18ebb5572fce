import { LIMITS, type Conversation, type Message } from '@meld/shared';
import { conversationNotFound } from './not-found.ts';
import { selectForkMessages, type ForkRequest } from './fork.ts';
import { cloneMessages } from './tree.ts';

export interface CopyDeps {
  getConversation(userId: string, conversationId: string): Promise<Conversation | undefined>;
  getAllMessages(userId: string, conversationId: string): Promise<Message[]>;
  putMessages(userId: string, messages: Message[]): Promise<void>;
  putConversation(userId: string, conversation: Conversation): Promise<void>;
  adjustTagCounts(userId: string, deltas: Record<string, number>): Promise<void>;
  newId(): string;
}

export interface ConversationCopy {
  conversation: Conversation;
  messages: Message[];
}

async function loadSource(userId: string, conversationId: string, deps: CopyDeps) {
  const source = await deps.getConversation(userId, conversationId);
  if (!source) throw conversationNotFound();
  return { source, messages: await deps.getAllMessages(userId, conversationId) };
}

/**
 * The new conversation starts now, so it heads the user's active list; it keeps the source's
 * settings. Messages are written before the conversation item, which is what makes the copy
 * visible: a failure in between leaves no half-copied conversation in the lists.
 */
async function save(userId: string, source: Conversation, messages: Message[], change: Partial<Conversation>, now: Date, deps: CopyDeps): Promise<ConversationCopy> {
  const conversationId = deps.newId();
  const at = now.toISOString();
  const conversation: Conversation = { ...source, ...change, conversationId, isArchived: false, createdAt: at, updatedAt: at };
  const copies = cloneMessages(messages, conversationId, deps.newId);
  if (copies.length) await deps.putMessages(userId, copies);
  await deps.putConversation(userId, conversation);
  return { conversation, messages: copies };
}

const COPY_SUFFIX = ' (copy)';

/** "<title> (copy)", shortened so the result stays within the title limit. */
export function copyTitle(title: string): string {
  return title.slice(0, LIMITS.conversationTitleMax - COPY_SUFFIX.length) + COPY_SUFFIX;
}

/** A full copy of the tree; its tags come along and their counts grow by one. */
export async function duplicateConversation(
  userId: string,
  conversationId: string,
  title: string | undefined,
  now: Date,
  deps: CopyDeps,
): Promise<ConversationCopy> {
  const { source, messages } = await loadSource(userId, conversationId, deps);
  const copy = await save(userId, source, messages, { title: title || copyTitle(source.title) }, now, deps);
  if (source.tags.length) await deps.adjustTagCounts(userId, Object.fromEntries(source.tags.map((tag) => [tag, 1])));
  return copy;
}

/** A new conversation from part of the tree (see selectForkMessages); same title, no tags. */
export async function forkConversation(userId: string, conversationId: string, request: ForkRequest, now: Date, deps: CopyDeps): Promise<ConversationCopy> {
  const { source, messages } = await loadSource(userId, conversationId, deps);
  return save(userId, source, selectForkMessages(messages, request), { tags: [] }, now, deps);
}
