import { deleteShare } from '../../domain/share/shares.ts';
import { defineHandler } from '../../http/handler.ts';
import { shareDeps } from './share-deps.ts';

export const handler = defineHandler('deleteShare', async ({ auth, params }) => deleteShare(auth.userId, params.id, shareDeps));
