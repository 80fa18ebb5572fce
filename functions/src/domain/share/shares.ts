import { randomBytes } from 'node:crypto';
import { ERROR_CODES, type Conversation, type Message, type SharedLink } from '@meld/shared';
import { conversationNotFound } from '../conversations/not-found.ts';
import { packPages } from '../conversations/page-budget.ts';
import { DomainError } from '../errors.ts';
import { decodeShareCursor, encodeShareCursor, invalidShareCursor } from './share-cursor.ts';
import { selectMessages } from './snapshot.ts';

/** The storage a shared-link operation needs; handlers pass the stores. */
export interface ShareDeps {
  getConversation(userId: string, conversationId: string): Promise<Conversation | undefined>;
  getAllMessages(userId: string, conversationId: string): Promise<Message[]>;
  claimShareRecord(userId: string, link: SharedLink): Promise<SharedLink | undefined>;
  getShareRecord(userId: string, conversationId: string): Promise<SharedLink | undefined>;
  /** Stores the snapshot's pages; `previousPages` are the stored pages it replaces. */
  putSnapshot(userId: string, link: SharedLink, pages: Message[][], previousPages?: number): Promise<void>;
  getShareMeta(shareId: string): Promise<{ link: SharedLink; owner: string; pages: number } | undefined>;
  /** Page `index`; `pages` undefined when the snapshot was stored whole (then `messages` is all of it). */
  getSnapshotPage(shareId: string, index: number): Promise<{ link: SharedLink; owner: string; messages: Message[]; pages?: number } | undefined>;
  deleteSharesForConversation(userId: string, conversationId: string): Promise<number>;
}

export const SHARE_NOT_FOUND = 'Shared link not found';

function shareNotFound(): DomainError {
  return new DomainError('not-found', ERROR_CODES.notFound, SHARE_NOT_FOUND);
}

/** 128 random bits, base64url: 22 characters nobody can guess or enumerate. */
export function newShareId(): string {
  return randomBytes(16).toString('base64url');
}

async function snapshotOf(userId: string, conversationId: string, targetMessageId: string | null, deps: ShareDeps) {
  const conversation = await deps.getConversation(userId, conversationId);
  if (!conversation) throw conversationNotFound();
  // A public snapshot would outlive a temporary chat's 30 days (decision 0023).
  if (conversation.expiredAt) throw new DomainError('unprocessable', ERROR_CODES.validation, 'A temporary chat cannot be shared');
  const messages = selectMessages(await deps.getAllMessages(userId, conversationId), targetMessageId);
  if (messages.length === 0) throw new DomainError('unprocessable', ERROR_CODES.validation, 'This conversation has no messages to share');
  return { conversation, messages };
}

/**
 * Creates the conversation's public link. A conversation has one link: a second create answers
 * 409 naming the existing shareId (refresh it with PATCH, or delete it first).
 */
export async function createShare(userId: string, conversationId: string, targetMessageId: string | undefined, now: Date, deps: ShareDeps): Promise<SharedLink> {
  const { conversation, messages } = await snapshotOf(userId, conversationId, targetMessageId ?? null, deps);
  const at = now.toISOString();
  let link: SharedLink = { shareId: newShareId(), conversationId, title: conversation.title, isPublic: true, targetMessageId: targetMessageId ?? null, createdAt: at, updatedAt: at };
  const existing = await deps.claimShareRecord(userId, link);
  if (existing) {
    // A record whose snapshot never got written (a crash between the two writes) is taken over.
    if (await deps.getShareMeta(existing.shareId)) {
      throw new DomainError('conflict', ERROR_CODES.conflict, `This conversation already has a shared link: ${existing.shareId}`);
    }
    link = { ...link, shareId: existing.shareId, createdAt: existing.createdAt };
  }
  // Pages each within a page's budget (decision 0037): the public view answers one at a time.
  await deps.putSnapshot(userId, link, packPages(messages));
  return link;
}

/**
 * The signed-out view of a link, a page at a time (decision 0037): 404 alike for unknown, private
 * or empty links. A snapshot stored whole before pages existed is paged here as it is read.
 */
export async function getPublicShare(shareId: string, cursor: string | undefined, deps: ShareDeps) {
  const wanted = cursor === undefined ? undefined : decodeShareCursor(cursor, shareId);
  const index = wanted?.page ?? 0;
  const snapshot = await deps.getSnapshotPage(shareId, index);
  if (!snapshot || !snapshot.link.isPublic || (index === 0 && snapshot.messages.length === 0)) throw shareNotFound();
  const { link } = snapshot;
  // A refresh between two pages would mix two snapshots: the reader starts again.
  if (wanted && wanted.updatedAt !== link.updatedAt) throw invalidShareCursor();
  const pages = snapshot.pages === undefined ? packPages(snapshot.messages) : undefined;
  const count = pages?.length ?? snapshot.pages!;
  if (index >= count) throw invalidShareCursor();
  const messages = pages ? pages[index]! : snapshot.messages;
  const nextCursor = index + 1 < count ? encodeShareCursor(shareId, link.updatedAt, index + 1) : null;
  return { shareId: link.shareId, conversationId: link.conversationId, title: link.title, createdAt: link.createdAt, updatedAt: link.updatedAt, messages, nextCursor };
}

/** The owner's link for one of their conversations; another user's conversation is a 404. */
export async function getShareLink(userId: string, conversationId: string, deps: ShareDeps) {
  const link = await deps.getShareRecord(userId, conversationId);
  if (link) return { shareId: link.shareId, success: true, conversationId };
  if (!(await deps.getConversation(userId, conversationId))) throw conversationNotFound();
  return { shareId: null, success: false, conversationId };
}

async function ownLink(userId: string, shareId: string, deps: ShareDeps): Promise<{ link: SharedLink; pages: number }> {
  const found = await deps.getShareMeta(shareId);
  // Someone else's link answers exactly like a missing one.
  if (!found || found.owner !== userId) throw shareNotFound();
  return found;
}

/** New content from the conversation as it is now, same shareId and target; title follows the conversation. */
export async function refreshShare(userId: string, shareId: string, now: Date, deps: ShareDeps): Promise<SharedLink> {
  const { link, pages } = await ownLink(userId, shareId, deps);
  const { conversation, messages } = await snapshotOf(userId, link.conversationId, link.targetMessageId, deps);
  const refreshed: SharedLink = { ...link, title: conversation.title, updatedAt: now.toISOString() };
  await deps.putSnapshot(userId, refreshed, packPages(messages), pages);
  return refreshed;
}

export async function deleteShare(userId: string, shareId: string, deps: ShareDeps): Promise<{ deletedCount: number }> {
  const { link } = await ownLink(userId, shareId, deps);
  return { deletedCount: await deps.deleteSharesForConversation(userId, link.conversationId) };
}
