import { deleteKey } from '../../domain/keys/user-keys.ts';
import { defineHandler } from '../../http/handler.ts';
import { userKeyDeps } from './user-key-deps.ts';

/** Idempotent: `{ deleted: false }` when there was no key for that endpoint. */
export const handler = defineHandler('deleteKey', async ({ auth, params }) => deleteKey(auth.userId, params.name, userKeyDeps));
