import { MESSAGE_PAGE, NEXT_CURSOR_HEADER } from '@meld/shared';
import { readMessagePage, type MessagePageDeps } from '../../domain/conversations/message-pages.ts';
import { conversationNotFound } from '../../domain/conversations/not-found.ts';
import { defineHandler } from '../../http/handler.ts';
import { reply } from '../../http/reply.ts';
import { getConversation } from '../../store/conversation-store.ts';
import { readMessageNodes, readMessagesByIds, readMessagesFrom } from '../../store/message-store.ts';

const pageDeps: MessagePageDeps = { readMessagesFrom, readMessageNodes, readMessagesByIds };

/**
 * A page of the conversation (decision 0037). Asked with `cursor` or `limit`: `{ messages,
 * nextCursor }`. Asked with neither, as clients that do not page ask: the first page as the bare
 * array they expect, and the next page's cursor in a header.
 */
export const handler = defineHandler('getMessages', async ({ params, query, auth }) => {
  // The conversation item, not an empty message list, tells "not yours" (404) from "no messages yet".
  if (!(await getConversation(auth.userId, params.conversationId))) throw conversationNotFound();
  const page = await readMessagePage(auth.userId, params.conversationId, { cursor: query.cursor, limit: query.limit ?? MESSAGE_PAGE.maxCount }, pageDeps);
  if (query.cursor !== undefined || query.limit !== undefined) return page;
  return reply(page.messages, { headers: page.nextCursor ? { [NEXT_CURSOR_HEADER]: page.nextCursor } : {} });
});
