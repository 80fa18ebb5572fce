import { deleteAccount } from '../../domain/account/delete-account.ts';
import { clearSessionCookies } from '../../http/auth-cookies.ts';
import { defineHandler } from '../../http/handler.ts';
import { reply } from '../../http/reply.ts';
import { userDeletionStore } from '../../store/account-store.ts';
import { getUser } from '../../store/user-store.ts';

const deps = { getUser, ...userDeletionStore };

/** Deletes the account and all it owns once the user has typed their own e-mail; signs them out. */
export const handler = defineHandler('deleteAccount', async ({ auth, body }) => {
  await deleteAccount(auth.userId, body.email, deps);
  return reply({ message: 'Your account has been deleted.' }, { cookies: clearSessionCookies() });
});
