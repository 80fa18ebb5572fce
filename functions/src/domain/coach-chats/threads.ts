import { COACH_CHAT_LIMITS, ERROR_CODES, MESSAGE_PAGE, type CoachMessage, type CoachThread, type ContextChip, type Conversation, type Fragment, type Message } from '@meld/shared';
import type { BackgroundJob } from '../../jobs/job-types.ts';
import type { contextChipInputSchema } from '@meld/shared';
import type * as z from 'zod';
import type { StoredCoachMessageState, StoredCoachThread } from '../../store/coach-chat-store.ts';
import { DEFAULT_TITLE } from '../chat/ensure-title.ts';
import { readMessagePage, type MessagePageDeps } from '../conversations/message-pages.ts';
import { DomainError } from '../errors.ts';
import { clip } from '../reflection/prompts.ts';
import { syncHighlight, type HighlightDeps } from './highlights.ts';

type ChipInput = z.output<typeof contextChipInputSchema>;

/** The stores coach threads use; routes pass the real ones. */
export interface CoachThreadDeps extends HighlightDeps, MessagePageDeps {
  putCoachThread(userId: string, thread: StoredCoachThread): Promise<void>;
  getCoachThread(userId: string, threadId: string): Promise<StoredCoachThread | undefined>;
  listCoachThreads(userId: string): Promise<StoredCoachThread[]>;
  updateCoachThread(userId: string, threadId: string, change: Partial<Omit<StoredCoachThread, 'id' | 'createdAt'>>): Promise<StoredCoachThread | undefined>;
  deleteCoachThreadState(userId: string, threadId: string): Promise<void>;
  listCoachMessageStates(userId: string, threadId: string): Promise<StoredCoachMessageState[]>;
  updateCoachMessageState(userId: string, threadId: string, state: StoredCoachMessageState): Promise<StoredCoachMessageState>;
  getConversations(userId: string, conversationIds: string[]): Promise<Conversation[]>;
  getMessage(userId: string, conversationId: string, messageId: string): Promise<Message | undefined>;
  enqueueJobs(jobs: BackgroundJob[]): Promise<void>;
  deleteConversationItem(userId: string, conversationId: string): Promise<boolean>;
  getFragments(userId: string, fragmentIds: string[]): Promise<Pick<Fragment, 'id' | 'content'>[]>;
  newId(): string;
}

/** A chip's label: the tag, or the opening of the fragment (the browser cuts it to 15 characters). */
const FRAGMENT_LABEL_CHARS = 80;

export const threadNotFound = () => new DomainError('not-found', ERROR_CODES.notFound, 'Chat not found.');
export const coachMessageNotFound = () => new DomainError('not-found', ERROR_CODES.notFound, 'Message not found.');
/** What a member reads when no coach answers: no setup instructions (those go to the log). */
export const COACH_UNAVAILABLE_MESSAGE = 'Coach conversations are not available in this pilot yet. Your reflections and fragments are still yours to use.';
export const coachUnavailable = () => new DomainError('conflict', ERROR_CODES.conflict, COACH_UNAVAILABLE_MESSAGE);

/** The thread, or a 404: another member's thread is simply not in this member's partition. */
export async function ownThread(userId: string, threadId: string, deps: Pick<CoachThreadDeps, 'getCoachThread'>): Promise<StoredCoachThread> {
  const thread = await deps.getCoachThread(userId, threadId);
  if (!thread) throw threadNotFound();
  return thread;
}

/** Chips as stored: tags as given (deduplicated), fragments labelled from this member's own fragments (else 404). */
export async function resolveChips(userId: string, inputs: ChipInput[], deps: Pick<CoachThreadDeps, 'getFragments'>): Promise<ContextChip[]> {
  const fragmentIds = [...new Set(inputs.flatMap((input) => (input.kind === 'fragment' ? [input.fragmentId] : [])))];
  const fragments = fragmentIds.length ? await deps.getFragments(userId, fragmentIds) : [];
  const byId = new Map(fragments.map((fragment) => [fragment.id, fragment]));
  const chips = new Map<string, ContextChip>();
  for (const input of inputs) {
    if (input.kind === 'tag') {
      chips.set(`tag:${input.tag.toLowerCase()}`, { kind: 'tag', id: input.tag, label: input.tag });
      continue;
    }
    const fragment = byId.get(input.fragmentId);
    if (!fragment) throw new DomainError('not-found', ERROR_CODES.notFound, 'Fragment not found.', 'contextChips');
    chips.set(`fragment:${fragment.id}`, { kind: 'fragment', id: fragment.id, label: clip(fragment.content, FRAGMENT_LABEL_CHARS) });
  }
  return [...chips.values()];
}

export function toThread(stored: StoredCoachThread, conversation: Conversation | undefined, now: Date): CoachThread {
  const muted = stored.mutedUntil !== null && stored.mutedUntil > now.toISOString();
  return {
    id: stored.id,
    title: conversation?.title ?? DEFAULT_TITLE,
    lastMessage: stored.lastMessage,
    lastSender: stored.lastSender,
    lastActivity: stored.lastActivity,
    unread: !muted && stored.lastSender === 'ai' && stored.lastActivity > stored.lastReadAt,
    isPinned: stored.isPinned,
    mutedUntil: muted ? stored.mutedUntil : null,
    contextChips: stored.contextChips,
    createdAt: stored.createdAt,
  };
}

async function withTitle(userId: string, stored: StoredCoachThread, now: Date, deps: Pick<CoachThreadDeps, 'getConversations'>): Promise<CoachThread> {
  const [conversation] = stored.conversationId ? await deps.getConversations(userId, [stored.conversationId]) : [];
  return toThread(stored, conversation, now);
}

/** Pinned threads first, then the most recently active. */
export async function listThreads(userId: string, now: Date, deps: Pick<CoachThreadDeps, 'listCoachThreads' | 'getConversations'>): Promise<CoachThread[]> {
  const stored = await deps.listCoachThreads(userId);
  const ids = stored.flatMap((thread) => (thread.conversationId ? [thread.conversationId] : []));
  const conversations = new Map((ids.length ? await deps.getConversations(userId, ids) : []).map((conversation) => [conversation.conversationId, conversation]));
  return stored
    .map((thread) => toThread(thread, thread.conversationId ? conversations.get(thread.conversationId) : undefined, now))
    .sort((a, b) => Number(b.isPinned) - Number(a.isPinned) || b.lastActivity.localeCompare(a.lastActivity));
}

export async function createThread(userId: string, chips: ChipInput[], now: Date, deps: Pick<CoachThreadDeps, 'putCoachThread' | 'getFragments' | 'newId'>): Promise<CoachThread> {
  const at = now.toISOString();
  const stored: StoredCoachThread = {
    id: deps.newId(),
    conversationId: null,
    isPinned: false,
    mutedUntil: null,
    contextChips: await resolveChips(userId, chips, deps),
    lastMessage: null,
    lastSender: null,
    lastActivity: at,
    lastReadAt: at,
    createdAt: at,
  };
  await deps.putCoachThread(userId, stored);
  return toThread(stored, undefined, now);
}

export interface ThreadChange {
  isPinned?: boolean | undefined;
  muted?: boolean | undefined;
  read?: true | undefined;
  contextChips?: ChipInput[] | undefined;
}

export async function updateThread(userId: string, threadId: string, change: ThreadChange, now: Date, deps: Pick<CoachThreadDeps, 'getCoachThread' | 'updateCoachThread' | 'getFragments' | 'getConversations'>): Promise<CoachThread> {
  await ownThread(userId, threadId, deps);
  const muteEnds = new Date(now.getTime() + COACH_CHAT_LIMITS.muteDays * 86_400_000).toISOString();
  const saved = await deps.updateCoachThread(userId, threadId, {
    isPinned: change.isPinned,
    mutedUntil: change.muted === undefined ? undefined : change.muted ? muteEnds : null,
    lastReadAt: change.read ? now.toISOString() : undefined,
    contextChips: change.contextChips ? await resolveChips(userId, change.contextChips, deps) : undefined,
  });
  if (!saved) throw threadNotFound();
  return withTitle(userId, saved, now, deps);
}

/** Deletes the thread with its conversation and coach state at once; its messages go in the background (decision 0034). */
export async function deleteThread(userId: string, threadId: string, deps: CoachThreadDeps): Promise<{ deleted: true }> {
  const thread = await ownThread(userId, threadId, deps);
  if (thread.conversationId) {
    await deps.enqueueJobs([{ kind: 'purgeConversations', userId, conversationIds: [thread.conversationId] }]);
    await deps.deleteConversationItem(userId, thread.conversationId);
  }
  await deps.deleteCoachThreadState(userId, threadId);
  return { deleted: true };
}

export function toCoachMessage(message: Message, state: StoredCoachMessageState | undefined): CoachMessage {
  return {
    id: message.messageId,
    parentMessageId: message.parentMessageId,
    sender: message.isCreatedByUser ? 'user' : 'ai',
    content: message.text,
    timestamp: message.createdAt,
    sources: message.isCreatedByUser ? null : (state?.sources ?? null),
    reactions: { thumbsUp: state?.thumbsUp ?? false },
    bookmarkedFragmentId: state?.bookmarkedFragmentId ?? null,
    error: message.error ?? false,
  };
}

/**
 * A page of the thread's messages, oldest first, each with its coach state: the whole thread in
 * two queries while it fits a page, else its newest end first and the rest by `nextCursor`, as a
 * conversation is read (decision 0037), so no answer nears Lambda's 6 MB.
 */
export async function listMessages(userId: string, threadId: string, cursor: string | undefined, deps: CoachThreadDeps): Promise<{ messages: CoachMessage[]; nextCursor: string | null }> {
  const thread = await ownThread(userId, threadId, deps);
  // A conversation deleted from the chat history is gone at once; its messages go in the background.
  const live = thread.conversationId && (await deps.getConversations(userId, [thread.conversationId])).length > 0;
  if (!thread.conversationId || !live) return { messages: [], nextCursor: null };
  const [page, states] = await Promise.all([readMessagePage(userId, thread.conversationId, { cursor, limit: MESSAGE_PAGE.maxCount }, deps), deps.listCoachMessageStates(userId, threadId)]);
  const byId = new Map(states.map((state) => [state.messageId, state]));
  return { messages: page.messages.map((message) => toCoachMessage(message, byId.get(message.messageId))), nextCursor: page.nextCursor };
}

/** The message of this member's thread, or a 404. */
export async function ownMessage(userId: string, threadId: string, messageId: string, deps: CoachThreadDeps): Promise<Message> {
  const thread = await ownThread(userId, threadId, deps);
  const message = thread.conversationId ? await deps.getMessage(userId, thread.conversationId, messageId) : undefined;
  if (!message) throw coachMessageNotFound();
  return message;
}

export async function reactToMessage(userId: string, threadId: string, messageId: string, thumbsUp: boolean, now: Date, deps: CoachThreadDeps): Promise<CoachMessage> {
  const message = await ownMessage(userId, threadId, messageId, deps);
  const saved = await deps.updateCoachMessageState(userId, threadId, { messageId, thumbsUp });
  return toCoachMessage(message, await syncHighlight(userId, threadId, message, saved, now, deps));
}
