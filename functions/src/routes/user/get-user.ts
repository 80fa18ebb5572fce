import { toPublicUser } from '../../domain/auth/public-user.ts';
import { httpErrors } from '../../http/errors.ts';
import { defineHandler } from '../../http/handler.ts';
import { getUser } from '../../store/user-store.ts';

export const handler = defineHandler('getUser', async ({ auth }) => {
  const user = await getUser(auth.userId);
  // A deleted account's token still verifies until it expires; treat it as signed out.
  if (!user) throw httpErrors.unauthorized('Your account no longer exists.');
  return toPublicUser(user);
});
