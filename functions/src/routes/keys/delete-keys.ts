import { deleteAllKeys } from '../../domain/keys/user-keys.ts';
import { defineHandler } from '../../http/handler.ts';
import { userKeyDeps } from './user-key-deps.ts';

/** `?all=true` (required) deletes every key the user has set. */
export const handler = defineHandler('deleteKeys', async ({ auth }) => deleteAllKeys(auth.userId, userKeyDeps));
