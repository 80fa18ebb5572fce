import { defineHandler } from '../../http/handler.ts';
import { listShares } from '../../store/share-store.ts';

export const handler = defineHandler('listShares', async ({ auth, query }) => {
  const { links, nextCursor } = await listShares(auth.userId, { ...query, direction: query.sortDirection });
  return { links, nextCursor, hasNextPage: nextCursor !== null };
});
