import { COGNITO_PROVIDER_NAMES, EMAIL_PATTERN, LIMITS, type SocialProvider, type SocialSignInError } from '@meld/shared';
import type { IdTokenClaims } from '../../auth-providers/oidc-client.ts';
import type { SignupCodeRecord } from '../../store/signup-code-store.ts';
import type { IdentityLink } from '../../store/identity-store.ts';
import { sameMailbox } from '../../store/keys.ts';
import type { UserRecord } from '../../store/user-store.ts';
import { isUsableCode } from './registration.ts';
import { newId } from './tokens.ts';

/** A sign-in that ends back on /login with this code (decision 0010). */
export class SocialSignInRefused extends Error {
  override name = 'SocialSignInRefused';
  constructor(readonly code: SocialSignInError) {
    super(`Social sign-in refused: ${code}`);
  }
}

export interface FederatedIdentity {
  provider: SocialProvider;
  subject: string;
  email: string;
  name: string;
}

/**
 * The person an ID token names, signed in with `provider`. The e-mail must be one the provider
 * vouches for (`email_verified`; Cognito passes mapped claims as text).
 *
 * Which provider that was is the token's word, never the browser's: `/oauth/{provider}` and the
 * `identity_provider` parameter it sends are the browser's to change. A broker's token (Cognito)
 * names the provider it federated, and it must be the one the sign-in started for. Facebook sends
 * no email_verified claim but only hands out confirmed addresses, so its e-mail counts as verified,
 * but only when the broker's token says Facebook signed the person in: a plain issuer names no
 * provider, so nothing it sends is taken as Facebook's (issue 21: starting at /oauth/facebook and
 * signing in elsewhere with an unverified copy of a victim's address reached the victim's account).
 */
export function identityFromClaims(provider: SocialProvider, claims: IdTokenClaims, issuer: { brokered: boolean }): FederatedIdentity {
  if (issuer.brokered && !namesOnly(claims.identities, COGNITO_PROVIDER_NAMES[provider])) throw new SocialSignInRefused('oauth_failed');
  const email = typeof claims.email === 'string' ? claims.email.trim() : '';
  const vouched = claims.email_verified === true || claims.email_verified === 'true' || (issuer.brokered && provider === 'facebook');
  if (!email || !EMAIL_PATTERN.test(email) || email.length > LIMITS.emailMax || !vouched) throw new SocialSignInRefused('email_unverified');
  const name = typeof claims.name === 'string' && claims.name.trim() ? claims.name.trim() : email.split('@')[0]!;
  return { provider, subject: claims.sub, email, name: name.slice(0, LIMITS.nameMax) };
}

/** Cognito's `identities` claim names at least one provider, and every one it names is `providerName`. */
function namesOnly(identities: unknown, providerName: string): boolean {
  const list: unknown[] = Array.isArray(identities) ? identities : [];
  return list.length > 0 && list.every((entry) => typeof entry === 'object' && entry !== null && (entry as { providerName?: unknown }).providerName === providerName);
}

export interface SocialSignInDeps {
  getIdentityLink(provider: string, subject: string): Promise<IdentityLink | undefined>;
  putIdentityLink(link: IdentityLink): Promise<void>;
  /** Reads the e-mail's claim strongly consistent: it may have been written a moment ago. */
  findUserIdByEmail(email: string): Promise<string | undefined>;
  /** `consistent` for a profile written a moment ago. */
  getUser(userId: string, consistent?: boolean): Promise<UserRecord | undefined>;
  /** Throws an error isEmailTaken recognises when the e-mail is already claimed. */
  createUser(user: UserRecord): Promise<void>;
  isEmailTaken(error: unknown): boolean;
  getSignupCode(code: string): Promise<SignupCodeRecord | undefined>;
  consumeSignupCode(code: string, now: Date): Promise<boolean>;
  registrationOpen: boolean;
  now: Date;
}

/**
 * The Meld user behind a federated identity: the linked one, else the account with the same
 * e-mail if that account proved the address (its verification link, or a provider that vouched
 * for it), now linked, else a new account, under e-mail sign-up's rules: registration open and a
 * valid pilot code, which it uses up. An account whose address was never proven may have been
 * registered by someone else to catch its owner (issue 21, finding 4): it is refused, and its
 * rightful owner signs in with the password and links the provider in Settings.
 */
export async function findOrCreateSocialUser(
  identity: FederatedIdentity,
  signupCode: string | undefined,
  deps: SocialSignInDeps,
): Promise<{ user: UserRecord; created: boolean }> {
  const link = await deps.getIdentityLink(identity.provider, identity.subject);
  const linked = link ? await deps.getUser(link.userId) : undefined;
  if (linked) return { user: linked, created: false };

  const existing = await userByEmail(identity.email, deps);
  if (existing) return { user: await linkByEmail(identity, existing, deps), created: false };

  if (!deps.registrationOpen) throw new SocialSignInRefused('registration_closed');
  if (!signupCode || !isUsableCode(await deps.getSignupCode(signupCode), deps.now)) throw new SocialSignInRefused('signup_code_required');
  const user = newSocialUser(identity, signupCode, deps.now);
  try {
    await deps.createUser(user);
  } catch (error) {
    if (!deps.isEmailTaken(error)) throw error;
    // Someone registered the address a moment ago: that account is the one to link, read as
    // written (an eventually consistent read can miss a write this recent).
    const raced = await userByEmail(identity.email, deps, true);
    // Its claim is there but its profile not yet (written next), or its write failed and the claim
    // is being released: a moment later the sign-in finds it, so a retry, not a 500.
    if (!raced) throw new SocialSignInRefused('oauth_failed');
    return { user: await linkByEmail(identity, raced, deps), created: false };
  }
  await linkIdentity(identity, user.id, deps);
  await deps.consumeSignupCode(signupCode, deps.now);
  return { user, created: true };
}

async function userByEmail(email: string, deps: SocialSignInDeps, consistent = false): Promise<UserRecord | undefined> {
  const userId = await deps.findUserIdByEmail(email);
  return userId ? deps.getUser(userId, consistent) : undefined;
}

async function linkByEmail(identity: FederatedIdentity, user: UserRecord, deps: SocialSignInDeps): Promise<UserRecord> {
  // Found by its key, which folds look-alikes together: the provider must vouch for this very address.
  if (!user.emailVerified || !sameMailbox(identity.email, user.email)) throw new SocialSignInRefused('account_exists');
  await linkIdentity(identity, user.id, deps);
  return user;
}

/**
 * Links a provider to a signed-in member from Settings (the member proved who they are with a
 * session; the provider's e-mail need not match). Refused when the identity already signs another
 * account in: moving it would take that account's way in.
 */
export async function linkIdentityToMember(
  identity: FederatedIdentity,
  userId: string,
  deps: Pick<SocialSignInDeps, 'getIdentityLink' | 'putIdentityLink' | 'getUser' | 'now'>,
): Promise<UserRecord> {
  const user = await deps.getUser(userId);
  if (!user) throw new SocialSignInRefused('oauth_failed');
  const link = await deps.getIdentityLink(identity.provider, identity.subject);
  if (link && link.userId !== userId && (await deps.getUser(link.userId))) throw new SocialSignInRefused('identity_in_use');
  await linkIdentity(identity, userId, deps);
  return user;
}

function linkIdentity(identity: FederatedIdentity, userId: string, deps: Pick<SocialSignInDeps, 'putIdentityLink' | 'now'>): Promise<void> {
  return deps.putIdentityLink({ provider: identity.provider, subject: identity.subject, userId, linkedAt: deps.now.toISOString() });
}

/** No password (the provider signs them in), an address the provider vouched for, and an onboarding profile still to fill. */
function newSocialUser(identity: FederatedIdentity, signupCode: string, now: Date): UserRecord {
  const createdAt = now.toISOString();
  return {
    id: newId(),
    name: identity.name,
    username: identity.email.split('@')[0]!.toLowerCase(),
    email: identity.email,
    passwordHash: null,
    role: 'USER',
    provider: identity.provider,
    emailVerified: true,
    twoFactorEnabled: false,
    termsAccepted: false,
    avatar: null,
    profile: { whyHere: '', lifeArena: '', identitySegment: '', currentBlock: '' },
    signupCode: signupCode.trim().toUpperCase(),
    createdAt,
    updatedAt: createdAt,
    lastLogin: createdAt,
  };
}
