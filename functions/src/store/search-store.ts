import { decodeCursor, encodeCursor, InvalidCursorError, withCursorCheck } from './conversation-store.ts';
import { keys } from './keys.ts';
import { table, type Keys } from './table.ts';

/** A conversation or message item whose text contains the search term, and where it sits. */
export interface SearchHit {
  conversationId: string;
  /** The conversation's title matched (rather than one of its messages). */
  onTitle: boolean;
  position: Keys;
  /** A message hit's text, from its start through a little past where search looks, for the snippet. */
  message?: { messageId: string; isCreatedByUser: boolean; text: string };
}

/** Search looks at a message's first 4,000 characters; a snippet may reach a little past them. */
const SNIPPET_SOURCE_CHARS = 4_400;

type HitItem = Keys & { conversationId?: string; messageId?: string; isCreatedByUser?: boolean; text?: string; searchText?: string };

/** Where a search page stopped: the last item read, and the last conversation it reported. */
export interface SearchCursor {
  position: Keys;
  lastReported: string | undefined;
}

/**
 * One Query over the user's conversations and messages (docs/decisions/0004): up to 1 MB read,
 * keeping items whose lower-cased title (conversations) or text (messages, first 4,000
 * characters) contains the term. Conversations sort before messages, and a conversation's
 * messages sit together, so hits come grouped by conversation.
 */
export async function findSearchHits(userId: string, term: string, after?: Keys): Promise<{ hits: SearchHit[]; next: Keys | undefined }> {
  const range = keys.conversationAndMessageRange;
  const { items, lastKey } = await withCursorCheck(() =>
    table.query<HitItem>({
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      FilterExpression: 'contains(titleLower, :term) OR contains(searchText, :term)',
      // The items are read whole either way (the 1 MB budget counts before the filter); the text comes along for snippets.
      ProjectionExpression: 'pk, sk, conversationId, messageId, isCreatedByUser, #text, searchText',
      ExpressionAttributeNames: { '#text': 'text' },
      ExpressionAttributeValues: { ':pk': keys.userPartition(userId), ':from': range.from, ':to': range.to, ':term': term.toLowerCase() },
      ...(after ? { ExclusiveStartKey: { pk: after.pk, sk: after.sk } } : {}),
    }),
  );
  const hits = items.flatMap((item): SearchHit[] => {
    if (!item.conversationId) return [];
    const hit: SearchHit = { conversationId: item.conversationId, onTitle: item.sk.startsWith(keys.conversationPrefix), position: { pk: item.pk, sk: item.sk } };
    // A text kept in S3 is '' on the item; the lower-cased search copy stands in for it.
    const text = item.text || item.searchText;
    if (!hit.onTitle && item.messageId && text) hit.message = { messageId: item.messageId, isCreatedByUser: item.isCreatedByUser === true, text: text.slice(0, SNIPPET_SOURCE_CHARS) };
    return [hit];
  });
  return { hits, next: lastKey ? { pk: String(lastKey.pk), sk: String(lastKey.sk) } : undefined };
}

export function encodeSearchCursor(cursor: SearchCursor): string {
  return encodeCursor({ pk: cursor.position.pk, sk: cursor.position.sk, ...(cursor.lastReported ? { last: cursor.lastReported } : {}) });
}

/** Reads a search cursor back; one made for another user or another list is refused as bad input. */
export function decodeSearchCursor(userId: string, cursor: string): SearchCursor {
  const { pk, sk, last } = decodeCursor(cursor);
  const range = keys.conversationAndMessageRange;
  const valid = pk === keys.userPartition(userId) && typeof sk === 'string' && sk >= range.from && sk <= range.to && (last === undefined || typeof last === 'string');
  if (!valid) throw new InvalidCursorError();
  return { position: { pk, sk }, lastReported: last as string | undefined };
}
