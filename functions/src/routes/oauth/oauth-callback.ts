import { OAUTH_CALLBACK_PATH, OAUTH_STATE_COOKIE, SIGNUP_CODE_COOKIE, SOCIAL_LINK_RETURN_PATH } from '@meld/shared';
import { getOidcIssuer, signInClaims } from '../../auth-providers/oidc-client.ts';
import { getAppConfig } from '../../config/app-config.ts';
import { getJwtKeys } from '../../config/secrets.ts';
import { openOAuthState } from '../../domain/auth/oauth-state.ts';
import { startSession } from '../../domain/auth/sessions.ts';
import { DomainError } from '../../domain/errors.ts';
import { startChallenge } from '../../domain/auth/two-factor-login.ts';
import { findOrCreateSocialUser, identityFromClaims, linkIdentityToMember, SocialSignInRefused } from '../../domain/auth/social-sign-in.ts';
import { isUserBanned } from '../../domain/limits/bans.ts';
import { clearSignupCodeCookie, sessionCookies } from '../../http/auth-cookies.ts';
import { defineHandler } from '../../http/handler.ts';
import { logger } from '../../http/logger.ts';
import { getIdentityLink, putIdentityLink, releaseIdentityLink } from '../../store/identity-store.ts';
import * as sessions from '../../store/session-store.ts';
import { putChallenge } from '../../store/two-factor-store.ts';
import { consumeSignupCode, getSignupCode } from '../../store/signup-code-store.ts';
import { createUser, EmailTakenError, findUserIdByEmail, getUser, recordLogin } from '../../store/user-store.ts';
import { clearStateCookie, providerEnabled, publicOrigin, redirect, redirectToLogin } from './oauth-redirects.ts';

/** Where a member lands after signing in (the web's SIGNED_IN_HOME). */
const SIGNED_IN_PATH = '/today';

/**
 * `/oauth/callback`: the issuer's answer becomes a Meld session (decision 0010). Every refusal goes
 * back to /login with a code; only a fault of Meld's own (the table) is a 500.
 */
export const handler = defineHandler('oauthCallback', async ({ query, cookies, event, now }) => {
  const config = getAppConfig();
  const origin = publicOrigin(config, event);
  const jwtKeys = await getJwtKeys();
  const state = await openOAuthState(cookies[OAUTH_STATE_COOKIE], query.state, jwtKeys, now);
  try {
    if (query.error) throw new SocialSignInRefused(query.error === 'access_denied' ? 'oauth_denied' : 'oauth_failed');
    if (!state || !query.code) throw new SocialSignInRefused('oauth_failed');
    if (!providerEnabled(config, state.provider)) throw new SocialSignInRefused('provider_disabled');

    const { claims, issuer } = await issuerClaims(config.social, query.code, state.codeVerifier, `${origin}${OAUTH_CALLBACK_PATH}`);
    if (claims.nonce !== state.nonce) throw new SocialSignInRefused('oauth_failed');
    const identity = identityFromClaims(state.provider, claims, issuer);
    // Linking from Settings: the member is already signed in; this joins the identity and goes back there.
    if (state.linkUserId) {
      // A link started before this deploy names no session: it is started again.
      if (!state.linkSessionId) throw new SocialSignInRefused('oauth_failed');
      const member = await linkIdentityToMember(identity, state.linkUserId, { getIdentityLink, putIdentityLink, getUser, now });
      // The session that started the link must still stand once it is written (read strongly
      // consistent): a password reset or a sign-out meanwhile ends it, and a link started by
      // someone holding a stolen session would otherwise outlive the reset (issue 21).
      if (!(await sessions.getSession(state.linkUserId, state.linkSessionId))) {
        await releaseIdentityLink(state.linkUserId, identity.provider, identity.subject);
        throw new SocialSignInRefused('oauth_failed');
      }
      if (isUserBanned(member)) throw new SocialSignInRefused('banned');
      return redirect(`${origin}${SOCIAL_LINK_RETURN_PATH}?linked=${state.provider}`, [clearStateCookie()]);
    }
    const { user, created } = await findOrCreateSocialUser(identity, cookies[SIGNUP_CODE_COOKIE], {
      getIdentityLink,
      putIdentityLink,
      findUserIdByEmail,
      getUser,
      createUser,
      isEmailTaken: (error) => error instanceof EmailTakenError,
      getSignupCode,
      consumeSignupCode,
      registrationOpen: config.registration.enabled,
      now,
    });

    // As at login (decision 0011): a banned account gets no session, whichever way it signs in.
    if (isUserBanned(user)) throw new SocialSignInRefused('banned');
    // Two-factor on: the provider stands in for the password only; the code is still asked for.
    if (user.twoFactorEnabled) {
      const tempToken = await startChallenge(user, now, { putChallenge });
      return redirect(`${origin}/login/2fa?tempToken=${encodeURIComponent(tempToken)}`, [clearStateCookie()]);
    }
    const lastLogin = now.toISOString();
    if (!created) await recordLogin(user.id, lastLogin);
    const session = await startSession({ ...user, lastLogin }, { sessions, jwtKeys, now }).catch((error: unknown) => {
      // The account changed while signing in (a reset, a ban, its deletion): sign in again.
      if (error instanceof DomainError) throw new SocialSignInRefused('oauth_failed');
      throw error;
    });
    // The link this sign-in came through must still stand (read strongly consistent): a password
    // reset unlinks every provider, and one that read the link just before that must not keep a session.
    const still = await getIdentityLink(identity.provider, identity.subject, true);
    if (still?.userId !== user.id) {
      await sessions.deleteSession(user.id, session.sessionId);
      throw new SocialSignInRefused('oauth_failed');
    }
    const cookieChanges = [...sessionCookies(session.refreshToken), clearStateCookie(), ...(created ? [clearSignupCodeCookie()] : [])];
    return redirect(`${origin}${SIGNED_IN_PATH}`, cookieChanges);
  } catch (error) {
    if (!(error instanceof SocialSignInRefused)) throw error;
    logger.warn('social sign-in refused', { reason: error.code });
    if (state?.linkUserId) return redirect(`${origin}${SOCIAL_LINK_RETURN_PATH}?linkError=${error.code}`, [clearStateCookie()]);
    return redirectToLogin(origin, error.code);
  }
});

/** The code swapped, the ID token verified, the userinfo asked if needed; whatever the issuer got wrong is one refusal. */
async function issuerClaims(social: Parameters<typeof getOidcIssuer>[0], code: string, codeVerifier: string, redirectUri: string) {
  try {
    const issuer = await getOidcIssuer(social);
    return { claims: await signInClaims(issuer, { code, redirectUri, codeVerifier }), issuer };
  } catch (error) {
    logger.warn('the identity provider did not confirm the sign-in', { problem: error instanceof Error ? `${error.name}: ${error.message}` : 'unknown' });
    throw new SocialSignInRefused('oauth_failed');
  }
}
