import type { Conversation, SearchMatch } from '@meld/shared';
import { findMatches, messageSnippet } from './search-snippet.ts';

/** An item whose text contains the term; `position` is the store's opaque place of the item. */
export interface SearchHit<P> {
  conversationId: string;
  onTitle: boolean;
  position: P;
  /** A message hit's text (its start, where search looks), for the result's snippet. */
  message?: { messageId: string; isCreatedByUser: boolean; text: string } | undefined;
}

export interface SearchResume<P> {
  position: P;
  /** The last conversation reported, whose further message hits the next page skips. */
  lastReported: string | undefined;
}

export interface SearchDeps<P> {
  /** One read of at most 1 MB from `after` on; `next` is where the following read starts. */
  findHits(after: P | undefined): Promise<{ hits: SearchHit<P>[]; next: P | undefined }>;
  getConversations(conversationIds: string[]): Promise<Conversation[]>;
}

export interface SearchOptions<P> {
  term: string;
  limit: number;
  archived: boolean;
  /** Conversations carrying every one of these tags. */
  tags: string[];
  from?: SearchResume<P> | undefined;
}

/** Reads per search page: each reads at most 1 MB, so a page reads at most 4 MB (decision 0004). */
export const SEARCH_READS_PER_PAGE = 4;

/**
 * One page of the user's conversations whose title or message text contains the term. Hits
 * arrive titles first, then messages grouped by conversation; the page takes the first `limit`
 * distinct conversations from where the last page stopped and shows them newest first. A
 * conversation found by its title is not reported again for its messages, and one whose
 * messages straddle two pages is skipped on the second. A page may hold fewer than `limit`
 * conversations (after the archive and tag filters, or when the read budget ran out): the
 * cursor, not the count, says whether more may follow. Each conversation listed comes with its
 * title's matches and a snippet of the first matching message the page's reads saw, if any.
 */
export async function searchConversations<P>(
  options: SearchOptions<P>,
  deps: SearchDeps<P>,
): Promise<{ conversations: Conversation[]; matches: Record<string, SearchMatch>; resume: SearchResume<P> | null }> {
  const picked = new Map<string, boolean>();
  const firstMessage = new Map<string, NonNullable<SearchHit<P>['message']>>();
  let lastReported = options.from?.lastReported;
  let position = options.from?.position;
  let resume: SearchResume<P> | null = null;

  reading: for (let read = 0; read < SEARCH_READS_PER_PAGE; read++) {
    const { hits, next } = await deps.findHits(position);
    for (const hit of hits) {
      if (hit.conversationId !== lastReported && !picked.has(hit.conversationId)) {
        if (picked.size === options.limit && position !== undefined) {
          resume = { position, lastReported };
          break reading;
        }
        picked.set(hit.conversationId, hit.onTitle);
        lastReported = hit.conversationId;
      }
      if (hit.message && !firstMessage.has(hit.conversationId)) firstMessage.set(hit.conversationId, hit.message);
      position = hit.position;
    }
    position = next;
    if (next === undefined) break;
    if (read === SEARCH_READS_PER_PAGE - 1) resume = { position: next, lastReported };
  }

  const term = options.term.toLowerCase();
  const found = picked.size ? await deps.getConversations([...picked.keys()]) : [];
  const conversations = found
    .filter((conversation) => conversation.isArchived === options.archived)
    .filter((conversation) => options.tags.every((tag) => conversation.tags.includes(tag)))
    // A message hit in a conversation whose title matches was reported with the titles already.
    .filter((conversation) => picked.get(conversation.conversationId) || !conversation.title.toLowerCase().includes(term))
    .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || a.conversationId.localeCompare(b.conversationId));
  const matches = Object.fromEntries(conversations.map((conversation) => [conversation.conversationId, matchOf(conversation, firstMessage.get(conversation.conversationId), options.term)]));
  return { conversations, matches, resume };
}

function matchOf(conversation: Conversation, message: SearchHit<unknown>['message'], term: string): SearchMatch {
  return {
    title: findMatches(conversation.title, term),
    message: message ? messageSnippet(message.messageId, message.isCreatedByUser, message.text, term) : null,
  };
}
