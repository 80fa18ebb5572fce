import { listKeys } from '../../domain/keys/user-keys.ts';
import { defineHandler } from '../../http/handler.ts';
import { userKeyDeps } from './user-key-deps.ts';

/** The endpoints the user has set a key for, with expiry; never a value. */
export const handler = defineHandler('listKeys', async ({ auth }) => listKeys(auth.userId, userKeyDeps));
