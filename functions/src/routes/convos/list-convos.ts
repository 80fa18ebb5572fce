import { getAppConfig } from '../../config/app-config.ts';
import { searchConversations } from '../../domain/conversations/search.ts';
import { httpErrors } from '../../http/errors.ts';
import { defineHandler } from '../../http/handler.ts';
import { getConversations, listConversations } from '../../store/conversation-store.ts';
import { decodeSearchCursor, encodeSearchCursor, findSearchHits } from '../../store/search-store.ts';

export const handler = defineHandler('listConvos', async ({ query, auth }) => {
  const userId = auth.userId;
  const tags = (query.tags ?? '').split(',').map((tag) => tag.trim()).filter(Boolean);
  const list = { archived: query.isArchived, limit: query.limit, tags };
  if (!query.search) {
    return listConversations(userId, { ...list, sortBy: query.sortBy, direction: query.sortDirection, cursor: query.cursor });
  }
  if (!getAppConfig().search.enabled) throw httpErrors.badRequest('Search is turned off on this server.', { field: 'search' });
  const term = query.search;
  const page = await searchConversations(
    { ...list, term, from: query.cursor ? decodeSearchCursor(userId, query.cursor) : undefined },
    { findHits: (after) => findSearchHits(userId, term, after), getConversations: (ids) => getConversations(userId, ids) },
  );
  return { conversations: page.conversations, matches: page.matches, nextCursor: page.resume ? encodeSearchCursor(page.resume) : null };
});
