import type { SocialProvider } from '@meld/shared';
import { describe, expect, it } from 'vitest';
import type { IdentityLink } from '../../store/identity-store.ts';
import type { UserRecord } from '../../store/user-store.ts';
import { findOrCreateSocialUser, identityFromClaims, linkIdentityToMember, SocialSignInRefused, type SocialSignInDeps } from './social-sign-in.ts';

const PLAIN = { brokered: false };
const COGNITO = { brokered: true };
const via = (providerName: string) => ({ identities: [{ userId: 'u1', providerName, providerType: providerName, issuer: null, primary: 'true', dateCreated: '1700000000000' }] });

describe('the identity behind an ID token', () => {
  it('takes a verified e-mail, sent as a boolean or as Cognito\'s text', () => {
    expect(identityFromClaims('google', { sub: 's1', email: ' ada@example.com ', email_verified: true, name: 'Ada' }, PLAIN)).toEqual({ provider: 'google', subject: 's1', email: 'ada@example.com', name: 'Ada' });
    expect(identityFromClaims('openid', { sub: 's2', email: 'ada@example.com', email_verified: 'true', ...via('OpenID') }, COGNITO).name).toBe('ada');
  });

  it('refuses an e-mail the provider has not verified, or none at all', () => {
    expect(refusal('github', { sub: 's', email: 'ada@example.com', email_verified: false })).toBe('email_unverified');
    expect(refusal('github', { sub: 's', email: 'ada@example.com', email_verified: 'false' })).toBe('email_unverified');
    expect(refusal('github', { sub: 's', email_verified: true })).toBe('email_unverified');
    expect(refusal('github', { sub: 's', email: 'not an address', email_verified: true })).toBe('email_unverified');
  });

  it('trusts a Facebook e-mail, which Facebook only hands out confirmed and sends no claim for, when the broker says Facebook signed the person in', () => {
    expect(identityFromClaims('facebook', { sub: 'fb', email: 'ada@example.com', ...via('Facebook') }, COGNITO).email).toBe('ada@example.com');
  });

  it('takes the provider from the token, not from the path the browser started at (issue 21: an unverified copy of a victim\'s address through /oauth/facebook)', () => {
    // Cognito: the browser started at /oauth/facebook and changed identity_provider to another provider.
    expect(refusal('facebook', { sub: 's', email: 'ada@example.com', ...via('OpenID') }, COGNITO)).toBe('oauth_failed');
    expect(refusal('google', { sub: 's', email: 'ada@example.com', email_verified: true, ...via('GitHub') }, COGNITO)).toBe('oauth_failed');
    // A broker's token that names no provider, or more than one, proves nothing about which.
    expect(refusal('facebook', { sub: 's', email: 'ada@example.com' }, COGNITO)).toBe('oauth_failed');
    expect(refusal('facebook', { sub: 's', email: 'ada@example.com', identities: [...via('Facebook').identities, ...via('OpenID').identities] }, COGNITO)).toBe('oauth_failed');
    expect(refusal('facebook', { sub: 's', email: 'ada@example.com', identities: 'Facebook' }, COGNITO)).toBe('oauth_failed');
    // A plain issuer is the provider itself: whatever path started it, its unverified e-mail stays unverified.
    expect(refusal('facebook', { sub: 's', email: 'ada@example.com' }, PLAIN)).toBe('email_unverified');
    expect(refusal('facebook', { sub: 's', email: 'ada@example.com', email_verified: false, ...via('Facebook') }, PLAIN)).toBe('email_unverified');
  });
});

function refusal(provider: SocialProvider, claims: Parameters<typeof identityFromClaims>[1], issuer = PLAIN): string {
  try {
    identityFromClaims(provider, claims, issuer);
  } catch (error) {
    return (error as SocialSignInRefused).code;
  }
  return 'accepted';
}

/** An in-memory table: links, users by id, and e-mail claims. */
function memory(overrides: Partial<SocialSignInDeps> = {}) {
  const links = new Map<string, IdentityLink>();
  const users = new Map<string, UserRecord>();
  const emails = new Map<string, string>();
  const consumed: string[] = [];
  const deps: SocialSignInDeps = {
    getIdentityLink: async (provider, subject) => links.get(`${provider}#${subject}`),
    putIdentityLink: async (link) => void links.set(`${link.provider}#${link.subject}`, link),
    findUserIdByEmail: async (email) => emails.get(email.toLowerCase()),
    getUser: async (id) => users.get(id),
    createUser: async (user) => {
      if (emails.has(user.email.toLowerCase())) throw new Error('taken');
      emails.set(user.email.toLowerCase(), user.id);
      users.set(user.id, user);
    },
    isEmailTaken: (error) => error instanceof Error && error.message === 'taken',
    getSignupCode: async (code) => (code === 'PILOT' ? { code, active: true, maxUses: null, uses: 0, createdAt: '' } : undefined),
    consumeSignupCode: async (code) => (consumed.push(code), true),
    registrationOpen: true,
    now: new Date('2026-11-22T09:00:00Z'),
    ...overrides,
  };
  return { deps, links, users, emails, consumed };
}

const identity = { provider: 'openid' as const, subject: 'sub-1', email: 'grace@example.com', name: 'Grace' };

describe('finding or creating the Meld user', () => {
  it('creates a passwordless user for a new e-mail with a pilot code, uses the code up and links the identity', async () => {
    const { deps, links, consumed } = memory();
    const { user, created } = await findOrCreateSocialUser(identity, 'PILOT', deps);
    expect(created).toBe(true);
    expect(user).toMatchObject({ email: 'grace@example.com', provider: 'openid', passwordHash: null, emailVerified: true, signupCode: 'PILOT' });
    expect(links.get('openid#sub-1')?.userId).toBe(user.id);
    expect(consumed).toEqual(['PILOT']);
  });

  it('refuses a new e-mail with a pilot code that has expired or been revoked', async () => {
    for (const code of [
      { code: 'PILOT', active: true, maxUses: null, uses: 0, createdAt: '', expiresAt: '2026-11-22T09:00:00.000Z' },
      { code: 'PILOT', active: false, maxUses: null, uses: 0, createdAt: '', revokedAt: '2026-11-01T00:00:00.000Z' },
    ]) {
      const { deps, users, consumed } = memory({ getSignupCode: async () => code });
      await expect(findOrCreateSocialUser(identity, 'PILOT', deps)).rejects.toMatchObject({ code: 'signup_code_required' });
      expect([users.size, consumed.length]).toEqual([0, 0]);
    }
  });

  it('refuses a new e-mail while registration is closed, whatever the code', async () => {
    const { deps } = memory({ registrationOpen: false });
    await expect(findOrCreateSocialUser(identity, 'PILOT', deps)).rejects.toMatchObject({ code: 'registration_closed' });
  });

  it('links the account that registered the same e-mail a moment before', async () => {
    const { deps, users, emails, links } = memory();
    const createUser = deps.createUser;
    // Between the e-mail lookup and the write, someone else registers the address.
    deps.createUser = async (user) => {
      await createUser({ ...user, id: 'raced-user', provider: 'local' });
      await createUser(user);
    };
    const { user, created } = await findOrCreateSocialUser(identity, 'PILOT', deps);
    expect(created).toBe(false);
    expect(user.id).toBe('raced-user');
    expect(links.get('openid#sub-1')?.userId).toBe('raced-user');
    expect(users.size).toBe(1);
    expect(emails.get('grace@example.com')).toBe('raced-user');
  });

  it('reads the account that won the race as written: an eventually consistent read may not see it yet', async () => {
    const { deps, users, links } = memory();
    const createUser = deps.createUser;
    const recent = new Set<string>();
    deps.createUser = async (user) => {
      recent.add('raced-user');
      await createUser({ ...user, id: 'raced-user', provider: 'google' });
      await createUser(user);
    };
    // A profile written a moment ago is seen only by a consistent read.
    deps.getUser = async (id, consistent) => (recent.has(id) && !consistent ? undefined : users.get(id));
    const { user, created } = await findOrCreateSocialUser(identity, 'PILOT', deps);
    expect({ id: user.id, created }).toEqual({ id: 'raced-user', created: false });
    expect(links.get('openid#sub-1')?.userId).toBe('raced-user');
  });

  it('asks to sign in again, rather than failing, when the account that won the race has its claim but not yet its profile', async () => {
    const { deps, emails, links } = memory();
    const createUser = deps.createUser;
    deps.createUser = async (user) => {
      // The other request has claimed the address and not yet written its profile.
      emails.set(user.email.toLowerCase(), 'raced-user');
      await createUser(user);
    };
    await expect(findOrCreateSocialUser(identity, 'PILOT', deps)).rejects.toMatchObject({ name: 'SocialSignInRefused', code: 'oauth_failed' });
    expect(links.size).toBe(0);
  });

  it('refuses to join an account whose address was never proven, and links nothing', async () => {
    const { deps, users, emails, links } = memory();
    const squatter = { id: 'squatter', email: 'grace@example.com', emailVerified: false } as UserRecord;
    users.set(squatter.id, squatter);
    emails.set('grace@example.com', squatter.id);
    await expect(findOrCreateSocialUser(identity, 'PILOT', deps)).rejects.toMatchObject({ code: 'account_exists' });
    expect(links.size).toBe(0);
    users.set(squatter.id, { ...squatter, emailVerified: true });
    expect((await findOrCreateSocialUser(identity, undefined, deps)).user.id).toBe('squatter');
  });

  it('links from Settings to the signed-in member, but never takes an identity another account signs in with', async () => {
    const { deps, users, links } = memory();
    users.set('member', { id: 'member', email: 'other@example.com', emailVerified: false } as UserRecord);
    users.set('someone', { id: 'someone', email: 'grace@example.com', emailVerified: true } as UserRecord);
    expect((await linkIdentityToMember(identity, 'member', deps)).id).toBe('member');
    expect(links.get('openid#sub-1')?.userId).toBe('member');
    await expect(linkIdentityToMember({ ...identity, subject: 'sub-1' }, 'someone', deps)).rejects.toMatchObject({ code: 'identity_in_use' });
    expect(links.get('openid#sub-1')?.userId).toBe('member');
  });

  it('ignores a link left by a deleted account and goes by e-mail instead', async () => {
    const { deps, links } = memory();
    links.set('openid#sub-1', { provider: 'openid', subject: 'sub-1', userId: 'deleted-user', linkedAt: '' });
    const { user, created } = await findOrCreateSocialUser(identity, 'PILOT', deps);
    expect(created).toBe(true);
    expect(links.get('openid#sub-1')?.userId).toBe(user.id);
  });
});
