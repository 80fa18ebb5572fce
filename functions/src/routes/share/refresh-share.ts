import { refreshShare } from '../../domain/share/shares.ts';
import { defineHandler } from '../../http/handler.ts';
import { shareDeps } from './share-deps.ts';

export const handler = defineHandler('refreshShare', async ({ auth, params, now }) => refreshShare(auth.userId, params.id, now, shareDeps));
