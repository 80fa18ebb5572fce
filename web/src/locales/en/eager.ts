import { recovery } from './account-recovery.ts';
import { auth } from './auth.ts';
import { common } from './common.ts';
import { socialSignIn } from './social-sign-in.ts';

/**
 * The strings the entry bundle carries: what the sign-in page shows (its form, the social buttons,
 * the resend-verification prompt). Every other part of `en` loads with the route that shows it
 * (`lib/locale-parts.ts`), so the login page does not download the whole app's text.
 */
export const eagerEn = { ...common, auth, socialSignIn, recovery } as const;
