import { createHash } from 'node:crypto';
import { ERROR_CODES, LIMITS, type Conversation, type Message } from '@meld/shared';
import { DomainError } from '../errors.ts';
import type { BackgroundJob } from '../../jobs/job-types.ts';
import { conversationNotFound } from './not-found.ts';
import { selectForkMessages, type ForkRequest } from './fork.ts';
import { cloneMessages, type MessageNode } from './tree.ts';

export interface CopyDeps {
  getConversation(userId: string, conversationId: string): Promise<Conversation | undefined>;
  putConversation(userId: string, conversation: Conversation): Promise<void>;
  deleteConversationItem(userId: string, conversationId: string): Promise<boolean>;
  adjustTagCounts(userId: string, deltas: Record<string, number>): Promise<void>;
  enqueueJobs(jobs: BackgroundJob[]): Promise<void>;
  /** Where each message sits (ids, parents, times), for a fork's check before anything is written. */
  messageNodes(userId: string, conversationId: string): Promise<MessageNode[]>;
  newId(): string;
}

export interface CopyJobDeps {
  getConversation(userId: string, conversationId: string): Promise<Conversation | undefined>;
  getAllMessages(userId: string, conversationId: string): Promise<Message[]>;
  putMessages(userId: string, messages: Message[]): Promise<void>;
  /** Clears `copying` on the copy; false when the copy was deleted meanwhile. */
  markCopied(userId: string, conversationId: string): Promise<boolean>;
  enqueueJobs(jobs: BackgroundJob[]): Promise<void>;
}

const COPY_SUFFIX = ' (copy)';

/** "<title> (copy)", shortened so the result stays within the title limit. */
export function copyTitle(title: string): string {
  return title.slice(0, LIMITS.conversationTitleMax - COPY_SUFFIX.length) + COPY_SUFFIX;
}

/**
 * The new conversation is written at once, marked `copying`, so it is listed (and opens, filling
 * in) while the worker copies the messages, which may be 100,000 (decision 0034). It starts now,
 * so it heads the user's active list, and keeps the source's settings.
 */
async function startCopy(userId: string, source: Conversation, change: Partial<Conversation>, fork: ForkRequest | undefined, now: Date, deps: CopyDeps): Promise<{ conversation: Conversation }> {
  const at = now.toISOString();
  const conversation: Conversation = { ...source, ...change, conversationId: deps.newId(), isArchived: false, copying: true, createdAt: at, updatedAt: at };
  // The item first: the worker marks it copied when done, so it must exist before the job can run.
  await deps.putConversation(userId, conversation);
  try {
    await deps.enqueueJobs([{ kind: 'copyConversation', userId, sourceId: source.conversationId, targetId: conversation.conversationId, ...(fork ? { fork } : {}) }]);
  } catch (error) {
    await deps.deleteConversationItem(userId, conversation.conversationId).catch(() => undefined);
    throw error;
  }
  return { conversation };
}

async function loadSource(userId: string, conversationId: string, deps: Pick<CopyDeps, 'getConversation'>): Promise<Conversation> {
  const source = await deps.getConversation(userId, conversationId);
  if (!source) throw conversationNotFound();
  // Half its messages may not be there yet: a copy of it would be a copy of half.
  if (source.copying) throw new DomainError('conflict', ERROR_CODES.conflict, 'This conversation is still being copied; try again in a moment.');
  return source;
}

/** A full copy of the tree; its tags come along and their counts grow by one. */
export async function duplicateConversation(userId: string, conversationId: string, title: string | undefined, now: Date, deps: CopyDeps): Promise<{ conversation: Conversation }> {
  const source = await loadSource(userId, conversationId, deps);
  const copy = await startCopy(userId, source, { title: title || copyTitle(source.title) }, undefined, now, deps);
  if (source.tags.length) await deps.adjustTagCounts(userId, Object.fromEntries(source.tags.map((tag) => [tag, 1])));
  return copy;
}

/**
 * A new conversation from part of the tree (see selectForkMessages); same title, no tags. The
 * choice is checked here on the tree's shape alone, so a fork that cannot be made is a 400 or 404
 * now rather than a failed job; the worker makes the same choice on the whole messages.
 */
export async function forkConversation(userId: string, conversationId: string, request: ForkRequest, now: Date, deps: CopyDeps): Promise<{ conversation: Conversation }> {
  const source = await loadSource(userId, conversationId, deps);
  selectForkMessages(await deps.messageNodes(userId, conversationId), request);
  return startCopy(userId, source, { tags: [] }, request, now, deps);
}

/**
 * A copy's message id, the same on every run of the job, so a retried or continued copy writes
 * the same items again instead of a second tree.
 */
export function copiedMessageId(targetId: string, sourceMessageId: string): string {
  const hex = createHash('sha256').update(`${targetId}\n${sourceMessageId}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The part a fork takes; none when the source changed since the request checked it (its message deleted), rather than a job that fails forever. */
function forkedPart(messages: Message[], fork: ForkRequest): Message[] {
  try {
    return selectForkMessages(messages, fork);
  } catch (error) {
    if (error instanceof DomainError) return [];
    throw error;
  }
}

/** The worker's half: the messages copied under the copy, then its mark cleared. A source deleted meanwhile leaves the copy empty. */
export async function copyMessages(job: Extract<BackgroundJob, { kind: 'copyConversation' }>, deps: CopyJobDeps): Promise<void> {
  const messages = await deps.getAllMessages(job.userId, job.sourceId);
  const chosen = job.fork ? forkedPart(messages, job.fork) : messages;
  const copies = cloneMessages(chosen, job.targetId, (sourceId) => copiedMessageId(job.targetId, sourceId));
  if (copies.length) await deps.putMessages(job.userId, copies);
  // Deleted while copying: what was just written goes the way the rest of it went.
  if (!(await deps.markCopied(job.userId, job.targetId))) await deps.enqueueJobs([{ kind: 'purgeConversations', userId: job.userId, conversationIds: [job.targetId] }]);
}
