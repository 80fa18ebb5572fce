import { recovery } from './account-recovery.ts';
import { auth } from './auth.ts';
import { common } from './common.ts';
import { socialSignIn } from './social-sign-in.ts';

/** What the sign-in page shows beyond `common`: its form, the social buttons, the resend-verification prompt. */
export const signInEn = { auth, socialSignIn, recovery } as const;

/**
 * The strings the app's entry bundle carries: `common`, which every page (the share entry's too)
 * starts with in lib/i18n.ts, and the sign-in page's, which the app adds (lib/sign-in-strings.ts).
 * Every other part of `en` loads with the route that shows it (`lib/locale-parts.ts`), so the
 * login page does not download the whole app's text.
 */
export const eagerEn = { ...common, ...signInEn } as const;
