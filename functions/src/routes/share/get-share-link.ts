import { getShareLink } from '../../domain/share/shares.ts';
import { defineHandler } from '../../http/handler.ts';
import { shareDeps } from './share-deps.ts';

export const handler = defineHandler('getShareLink', async ({ auth, params }) => getShareLink(auth.userId, params.id, shareDeps));
