import type { SocialProvider } from './constants.ts';

// Social sign-in's constants, apart from its zod schemas so the login page can use them without zod.

/** The one redirect URI registered with the issuer (decision 0010). */
export const OAUTH_CALLBACK_PATH = '/oauth/callback';
/** Holds the signed state, nonce and PKCE verifier between the two redirects. */
export const OAUTH_STATE_COOKIE = 'meld_oauth';

/**
 * Why a social sign-in ended back on /login: the `error` query parameter the login page translates.
 * `account_exists`: an account has the address but it was never proven, so it is not linked
 * (sign in with the password, then link in Settings). `identity_in_use`: linking from Settings an
 * identity that already signs another account in.
 */
export const SOCIAL_SIGN_IN_ERRORS = [
  'oauth_failed',
  'oauth_denied',
  'email_unverified',
  'signup_code_required',
  'registration_closed',
  'provider_disabled',
  'banned',
  'account_exists',
  'identity_in_use',
] as const;
export type SocialSignInError = (typeof SOCIAL_SIGN_IN_ERRORS)[number];

/** Where linking a provider from Settings comes back to, with `linked=<provider>` or `linkError=<code>`. */
export const SOCIAL_LINK_RETURN_PATH = '/settings/account';

/** Each provider's name in the Cognito user pool; Google, Facebook and Apple are native, the rest OIDC. */
export const COGNITO_PROVIDER_NAMES = {
  google: 'Google',
  facebook: 'Facebook',
  apple: 'SignInWithApple',
  github: 'GitHub',
  discord: 'Discord',
  openid: 'OpenID',
} as const satisfies Record<SocialProvider, string>;

/** Providers Cognito cannot federate natively: each needs an OIDC issuer URL. */
export const OIDC_FEDERATED_PROVIDERS: readonly SocialProvider[] = ['github', 'discord', 'openid'];
