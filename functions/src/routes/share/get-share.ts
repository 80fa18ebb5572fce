import { getPublicShare } from '../../domain/share/shares.ts';
import { defineHandler } from '../../http/handler.ts';
import { shareDeps } from './share-deps.ts';

/** Public: anyone holding the link reads the snapshot, signed in or not, a page at a time (`?cursor=`). */
export const handler = defineHandler('getShare', async ({ params, query }) => getPublicShare(params.id, query.cursor, shareDeps));
