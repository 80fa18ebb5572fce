import type { PublicUser } from '@meld/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conformantSubject, startConformantIssuer, type ConformantIssuer, type ConformantPerson } from '../../auth-providers/__fakes__/conformant-issuer.ts';
import { getIdentityLink } from '../../store/identity-store.ts';
import { markEmailVerified } from '../../store/user-store.ts';
import { registerMember, startApi, TEST_SIGNUP_CODE, type Api, type ApiClient } from '../api-test-kit.ts';

/**
 * Social sign-in against an issuer that is not ours (issue 23): panva's oidc-provider in its
 * default, conformant mode, whose ID tokens carry `sub` only and whose e-mail and name are in the
 * userinfo answer (OIDC Core 5.4). oauth.test.ts runs the same flows against our own fake.
 */
let issuer: ConformantIssuer;
let api: Api;

beforeAll(async () => {
  issuer = await startConformantIssuer();
  api = await startApi({
    config: { social: { enabled: true, providers: { openid: true }, issuer: { url: issuer.url, clientId: issuer.clientId, clientSecret: issuer.clientSecret } } },
  });
  issuer.registerClient(`${api.baseUrl}/oauth/callback`);
});
afterAll(async () => {
  await api?.stop();
  await issuer?.stop();
});

let counter = 0;
const newEmail = () => `grace.${Date.now()}.${++counter}@example.com`;

/** Meld's redirect, the issuer's login and consent pages, and where the issuer sends the browser back. */
async function issuerAnswer(client: ApiClient, person: ConformantPerson): Promise<URL> {
  const start = await client.request('GET', '/oauth/openid');
  expect(start.status).toBe(302);
  return issuerAt(new URL(start.headers.get('location')!), person);
}

async function issuerAt(authorize: URL, person: ConformantPerson): Promise<URL> {
  expect(authorize.origin).toBe(issuer.url);
  return issuer.signIn(authorize, person);
}

async function callback(client: ApiClient, answer: URL) {
  expect(answer.pathname).toBe('/oauth/callback');
  return client.request('GET', `${answer.pathname}${answer.search}`);
}

const signIn = async (client: ApiClient, person: ConformantPerson) => callback(client, await issuerAnswer(client, person));

async function sessionUser(client: ApiClient): Promise<PublicUser | undefined> {
  const refreshed = await client.request<{ user: PublicUser }>('POST', '/api/auth/refresh');
  return refreshed.status === 200 ? refreshed.json.user : undefined;
}

async function withPilotCode(client: ApiClient): Promise<ApiClient> {
  expect((await client.request('POST', '/api/auth/validate-signup-code', { json: { signupCode: TEST_SIGNUP_CODE } })).status).toBe(200);
  return client;
}

const loginError = (response: { status: number; headers: Headers }) => {
  expect(response.status).toBe(302);
  const location = new URL(response.headers.get('location')!);
  expect(location.pathname).toBe('/login');
  return location.searchParams.get('error');
};

const landsSignedIn = (response: { headers: Headers }) => expect(response.headers.get('location')).toBe(`${api.baseUrl}/today`);

async function verifiedMember(email = newEmail()): Promise<PublicUser> {
  const member = ((await registerMember(api.client(), { email })).response.json as { user: PublicUser }).user;
  await markEmailVerified(member.id, new Date().toISOString());
  return member;
}

describe('social sign-in through a conformant OpenID issuer (oidc-provider, its defaults)', () => {
  it('creates an account for a new e-mail with a pilot code, its e-mail and name from the userinfo answer', async () => {
    const client = await withPilotCode(api.client());
    const email = newEmail();
    landsSignedIn(await signIn(client, { email, name: 'Grace Hopper' }));
    expect(await sessionUser(client)).toMatchObject({ email, name: 'Grace Hopper', provider: 'openid', emailVerified: true });
    expect((await getIdentityLink('openid', conformantSubject(email)))?.userId).toBeDefined();
  });

  it('signs a returning member in as the same user, without a pilot code', async () => {
    const email = newEmail();
    const first = await withPilotCode(api.client());
    landsSignedIn(await signIn(first, { email }));
    const again = api.client();
    landsSignedIn(await signIn(again, { email }));
    expect((await sessionUser(again))?.id).toBe((await sessionUser(first))?.id);
  });

  it('refuses a new e-mail without a pilot code', async () => {
    expect(loginError(await signIn(api.client(), { email: newEmail() }))).toBe('signup_code_required');
  });

  it('refuses an e-mail the issuer does not vouch for in its userinfo answer', async () => {
    const client = await withPilotCode(api.client());
    expect(loginError(await signIn(client, { email: newEmail(), verified: false }))).toBe('email_unverified');
    expect(await sessionUser(client)).toBeUndefined();
  });

  it('links an existing account whose address was proven: the same user id', async () => {
    const member = await verifiedMember();
    const social = api.client();
    landsSignedIn(await signIn(social, { email: member.email }));
    expect((await sessionUser(social))?.id).toBe(member.id);
  });

  it('does not join an unproven account with the same address (pre-registration), and links nothing', async () => {
    const email = newEmail();
    await registerMember(api.client(), { email, password: 'attackers-own-password', confirm_password: 'attackers-own-password' });
    const victim = await withPilotCode(api.client());
    expect(loginError(await signIn(victim, { email }))).toBe('account_exists');
    expect(await sessionUser(victim)).toBeUndefined();
    expect(await getIdentityLink('openid', conformantSubject(email))).toBeUndefined();
  });

  it('links from Settings to the signed-in member, and refuses an identity that signs another account in', async () => {
    const email = newEmail();
    const browser = api.client();
    const { token, user: member } = (await registerMember(browser, { email })).response.json as { token: string; user: PublicUser };
    const start = await browser.request<{ url: string }>('POST', '/api/auth/link/openid', { headers: { authorization: `Bearer ${token}` } });
    const back = await callback(browser, await issuerAt(new URL(start.json.url), { email }));
    expect(back.headers.get('location')).toBe(`${api.baseUrl}/settings/account?linked=openid`);
    expect((await getIdentityLink('openid', conformantSubject(email)))?.userId).toBe(member.id);

    const other = api.client();
    const { token: otherToken } = (await registerMember(other, { email: newEmail() })).response.json as { token: string };
    const again = await other.request<{ url: string }>('POST', '/api/auth/link/openid', { headers: { authorization: `Bearer ${otherToken}` } });
    const refused = await callback(other, await issuerAt(new URL(again.json.url), { email }));
    expect(refused.headers.get('location')).toBe(`${api.baseUrl}/settings/account?linkError=identity_in_use`);
    expect((await getIdentityLink('openid', conformantSubject(email)))?.userId).toBe(member.id);
  });

  it('sends a person who denies consent back to /login with oauth_denied', async () => {
    const client = await withPilotCode(api.client());
    expect(loginError(await signIn(client, { email: newEmail(), decision: 'deny' }))).toBe('oauth_denied');
    expect(await sessionUser(client)).toBeUndefined();
  });

  it('refuses a state that differs from the one in the cookie', async () => {
    const client = await withPilotCode(api.client());
    const answer = await issuerAnswer(client, { email: newEmail() });
    answer.searchParams.set('state', 'forged-state-value');
    expect(loginError(await callback(client, answer))).toBe('oauth_failed');
    expect(await sessionUser(client)).toBeUndefined();
  });

  it('sends the browser back to /login with oauth_failed when the issuer is down at the token exchange', async () => {
    const client = await withPilotCode(api.client());
    const answer = await issuerAnswer(client, { email: newEmail() });
    issuer.setDown(true);
    try {
      expect(loginError(await callback(client, answer))).toBe('oauth_failed');
    } finally {
      issuer.setDown(false);
    }
    expect(await sessionUser(client)).toBeUndefined();
  });

  it.each(['PS256', 'ES256', 'EdDSA'] as const)('accepts an ID token signed with %s, an algorithm the issuer announces', async (algorithm) => {
    issuer.registerClient(`${api.baseUrl}/oauth/callback`, algorithm);
    try {
      const client = await withPilotCode(api.client());
      const email = newEmail();
      landsSignedIn(await signIn(client, { email }));
      expect(issuer.signedWith.at(-1)).toBe(algorithm);
      expect((await sessionUser(client))?.email).toBe(email);
    } finally {
      issuer.registerClient(`${api.baseUrl}/oauth/callback`);
    }
  });
});
