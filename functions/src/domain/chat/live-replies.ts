import type { Conversation, LiveReply, Message } from '@meld/shared';
import { conversationNotFound } from '../conversations/not-found.ts';
import { ReplyParts } from './reply-parts.ts';
import { replayProgress, type ProgressEvent, type RunningGeneration } from './reply-progress.ts';

/** A generation item as read back: what was recorded at the start, and whether a stop was asked for. */
export type RunningItem = RunningGeneration & { abortRequested?: boolean };

export interface LiveReplyDeps {
  getConversation(userId: string, conversationId: string, consistent: boolean): Promise<Conversation | undefined>;
  getConversations(userId: string, conversationIds: string[]): Promise<Conversation[]>;
  /** Unexpired generations, strongly consistent: one conversation's, or the user's all. */
  listRunning(userId: string, conversationId: string | undefined, now: Date): Promise<RunningItem[]>;
  readChunks(userId: string, generation: RunningGeneration): Promise<{ chunks: ProgressEvent[][]; at: string | undefined }>;
  getMessage(userId: string, conversationId: string, messageId: string): Promise<Message | undefined>;
}

/**
 * The conversation's replies in progress, each with its text so far (decision 0039). Everything is
 * read in the member's own partition; a conversation that is not theirs, or is deleted, is a 404
 * (read strongly consistent, so a deletion a moment ago counts).
 */
export async function liveReplies(userId: string, conversationId: string, now: Date, deps: LiveReplyDeps): Promise<LiveReply[]> {
  const [conversation, running] = await Promise.all([deps.getConversation(userId, conversationId, true), deps.listRunning(userId, conversationId, now)]);
  if (!conversation) throw conversationNotFound();
  const replies = await Promise.all(running.map((generation) => liveReplyOf(userId, generation, conversation, deps)));
  return replies.filter((reply): reply is LiveReply => reply !== null);
}

/** The member's conversations with a reply in progress; a deleted conversation's reply is left out. */
export async function listLiveReplies(userId: string, now: Date, deps: LiveReplyDeps): Promise<Array<{ conversationId: string; responseMessageId: string; startedAt: string }>> {
  const running = await deps.listRunning(userId, undefined, now);
  if (running.length === 0) return [];
  const existing = new Set((await deps.getConversations(userId, [...new Set(running.map((item) => item.conversationId))])).map((conversation) => conversation.conversationId));
  return running
    .filter((item) => existing.has(item.conversationId))
    .sort((a, b) => a.startedAt.localeCompare(b.startedAt))
    .map(({ conversationId, responseMessageId, startedAt }) => ({ conversationId, responseMessageId, startedAt }));
}

async function liveReplyOf(userId: string, generation: RunningItem, conversation: Conversation, deps: LiveReplyDeps): Promise<LiveReply | null> {
  const [{ chunks, at }, saved] = await Promise.all([
    deps.readChunks(userId, generation),
    generation.continues ? deps.getMessage(userId, generation.conversationId, generation.responseMessageId) : undefined,
  ]);
  // A continued reply saved again already (its generation is cleared right after) is no longer in progress.
  if (saved && saved.updatedAt > generation.startedAt) return null;
  const parts = replayProgress(ReplyParts.of(saved).parts, chunks);
  const response: Message = {
    messageId: generation.responseMessageId,
    conversationId: generation.conversationId,
    parentMessageId: generation.requestMessageId,
    text: parts.text(),
    content: parts.parts,
    sender: generation.sender,
    isCreatedByUser: false,
    model: generation.model,
    endpoint: generation.endpoint,
    unfinished: true,
    ...(conversation.expiredAt ? { expiredAt: conversation.expiredAt } : {}),
    createdAt: saved?.createdAt ?? generation.startedAt,
    updatedAt: at ?? generation.startedAt,
  };
  return {
    conversationId: generation.conversationId,
    requestMessageId: generation.requestMessageId,
    responseMessageId: generation.responseMessageId,
    endpoint: generation.abortEndpoint,
    startedAt: generation.startedAt,
    stopRequested: generation.abortRequested === true,
    response,
  };
}
