import { saveKey } from '../../domain/keys/user-keys.ts';
import { defineHandler } from '../../http/handler.ts';
import { userKeyDeps } from './user-key-deps.ts';

/** Sets or replaces the user's key for an endpoint configured with `user_provided`. */
export const handler = defineHandler('updateKey', async ({ auth, body, now }) => saveKey(auth.userId, body, now, userKeyDeps));
