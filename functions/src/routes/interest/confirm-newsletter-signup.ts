import { confirmNewsletterSignup } from '../../domain/interest/interest.ts';
import { defineHandler } from '../../http/handler.ts';
import { markNewsletterSignup } from '../../store/interest-store.ts';

/** Public, no body: only someone holding the signup's random id (its own success screen) can confirm it. */
export const handler = defineHandler('confirmNewsletterSignup', async ({ params, now }) => {
  await confirmNewsletterSignup(params.id, { markNewsletterSignup, now });
  return { ok: true as const };
});
