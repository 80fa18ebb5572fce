import { REFRESH_COOKIE, type PublicUser } from '@meld/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeSubject, startFakeOidcProvider, type FakeOidcProvider } from '../../auth-providers/__fakes__/oidc-provider.ts';
import { getActionToken, putActionToken, type StoredActionToken } from '../../store/agent-store.ts';
import { putBan } from '../../store/ban-store.ts';
import { getIdentityLink } from '../../store/identity-store.ts';
import { setTwoFactorFlag } from '../../store/two-factor-store.ts';
import { markEmailVerified } from '../../store/user-store.ts';
import { registerMember, startApi, TEST_SIGNUP_CODE, type Api, type ApiClient } from '../api-test-kit.ts';

let fixture: FakeOidcProvider;
let api: Api;

beforeAll(async () => {
  fixture = await startFakeOidcProvider();
  api = await startApi({
    config: {
      social: { enabled: true, providers: { openid: true, google: true, facebook: true }, issuer: { url: fixture.url, clientId: fixture.clientId } },
      // The reset link comes back in the reply, for the test of what a reset unlinks.
      email: { returnLinks: true },
    },
  });
});
afterAll(async () => {
  await api?.stop();
  await fixture?.stop();
});
afterEach(() => fixture.signWith('own'));

let counter = 0;
const newEmail = () => `ada.${Date.now()}.${++counter}@example.com`;

interface Person {
  email: string;
  name?: string;
  verified?: boolean;
  decision?: 'allow' | 'deny';
}

/** The browser's part: Meld's redirect, the provider's sign-in form, and the redirect back. */
async function providerAnswer(client: ApiClient, person: Person, provider = 'openid'): Promise<URL> {
  const start = await client.request('GET', `/oauth/${provider}`);
  expect(start.status).toBe(302);
  return providerAt(new URL(start.headers.get('location')!), person);
}

/** The provider's sign-in form at its authorize URL, answered as `person`; where it sends the browser back. */
async function providerAt(authorize: URL, person: Person): Promise<URL> {
  expect(authorize.origin).toBe(fixture.url);
  expect((await fetch(authorize)).status).toBe(200);
  const form = new URLSearchParams(authorize.searchParams);
  form.set('email', person.email);
  form.set('name', person.name ?? 'Ada Lovelace');
  if (person.verified !== false) form.set('email_verified', 'true');
  form.set('decision', person.decision ?? 'allow');
  const back = await fetch(`${fixture.url}/authorize`, { method: 'POST', body: form, redirect: 'manual' });
  return new URL(back.headers.get('location')!);
}

async function callback(client: ApiClient, answer: URL) {
  expect(answer.pathname).toBe('/oauth/callback');
  return client.request('GET', `${answer.pathname}${answer.search}`);
}

async function signIn(client: ApiClient, person: Person, provider = 'openid') {
  return callback(client, await providerAnswer(client, person, provider));
}

/** What the web app does on /today: the refresh cookie becomes a session. */
async function sessionUser(client: ApiClient): Promise<PublicUser | undefined> {
  const refreshed = await client.request<{ user: PublicUser }>('POST', '/api/auth/refresh');
  return refreshed.status === 200 ? refreshed.json.user : undefined;
}

async function withPilotCode(client: ApiClient): Promise<ApiClient> {
  const validated = await client.request('POST', '/api/auth/validate-signup-code', { json: { signupCode: TEST_SIGNUP_CODE } });
  expect(validated.status).toBe(200);
  return client;
}

const loginError = (response: { status: number; headers: Headers }) => {
  expect(response.status).toBe(302);
  const location = new URL(response.headers.get('location')!);
  expect(location.pathname).toBe('/login');
  return location.searchParams.get('error');
};

describe('social sign-in through an OpenID provider', () => {
  it('creates an account for a new e-mail with a pilot code and lands signed in on /today', async () => {
    const client = await withPilotCode(api.client());
    const email = newEmail();
    const response = await signIn(client, { email, name: 'Ada Lovelace' });

    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(`${api.baseUrl}/today`);
    expect(response.setCookies.some((cookie) => cookie.startsWith(`${REFRESH_COOKIE}=`) && cookie.includes('HttpOnly'))).toBe(true);
    const user = await sessionUser(client);
    expect(user).toMatchObject({ email, name: 'Ada Lovelace', provider: 'openid', emailVerified: true });
  });

  it('signs the same person in again as the same user, without a pilot code', async () => {
    const email = newEmail();
    const firstBrowser = await withPilotCode(api.client());
    await signIn(firstBrowser, { email });
    const first = await sessionUser(firstBrowser);
    const second = await sessionUser(await signedInClient(email));
    expect(first).toBeDefined();
    expect(second?.id).toBe(first?.id);
  });

  it('links an existing account whose address was proven instead of creating another: the same user id', async () => {
    const member = await verifiedMember();

    const social = api.client();
    expect((await signIn(social, { email: member.email.toUpperCase() })).headers.get('location')).toBe(`${api.baseUrl}/today`);
    const user = await sessionUser(social);
    expect(user?.id).toBe(member.id);
    expect(user?.provider).toBe('local');
  });

  it('gives a banned account no session, whichever way it signs in', async () => {
    const member = await verifiedMember();
    await putBan({ kind: 'user', id: member.id }, Date.now() + 60_000);
    const social = api.client();
    expect(loginError(await signIn(social, { email: member.email }))).toBe('banned');
    expect(await sessionUser(social)).toBeUndefined();
  });

  it('asks an account with two-factor on for its code, with no session until then', async () => {
    const member = await verifiedMember();
    await setTwoFactorFlag(member.id, true, new Date().toISOString());
    const social = api.client();
    const answer = await signIn(social, { email: member.email });
    expect(answer.status).toBe(302);
    const location = new URL(answer.headers.get('location')!);
    expect(location.pathname).toBe('/login/2fa');
    expect(location.searchParams.get('tempToken')).toMatch(new RegExp(`^${member.id}\\.`));
    expect(answer.setCookies.some((cookie) => cookie.startsWith(`${REFRESH_COOKIE}=`))).toBe(false);
    expect(await sessionUser(social)).toBeUndefined();
  });

  it('forgets the link when the account is deleted: the same person then starts afresh', async () => {
    const email = newEmail();
    const browser = await withPilotCode(api.client());
    await signIn(browser, { email });
    const refreshed = await browser.request<{ token: string; user: PublicUser }>('POST', '/api/auth/refresh');
    expect((await getIdentityLink('openid', fakeSubject(email)))?.userId).toBe(refreshed.json.user.id);
    const deleted = await browser.request('DELETE', '/api/user/delete', { headers: { authorization: `Bearer ${refreshed.json.token}` }, json: { email } });
    expect(deleted.status).toBe(200);
    expect(await getIdentityLink('openid', fakeSubject(email))).toBeUndefined();

    expect(loginError(await signIn(api.client(), { email }))).toBe('signup_code_required');
    const again = await withPilotCode(api.client());
    await signIn(again, { email });
    const user = await sessionUser(again);
    expect(user?.email).toBe(email);
    expect(user?.id).not.toBe(refreshed.json.user.id);
  });

  it('pre-registration: an account someone registered with the victim’s address, never proven, is not joined to the victim’s sign-in', async () => {
    // The attacker holds a pilot code and registers the victim's address with a password of their own.
    const victimEmail = newEmail();
    const attacker = api.client();
    const { body } = await registerMember(attacker, { email: victimEmail, password: 'attackers-own-password', confirm_password: 'attackers-own-password' });
    const squat = (await attacker.request<{ user: PublicUser }>('POST', '/api/auth/login', { json: { email: body.email, password: body.password } })).json.user;
    expect(squat.emailVerified).toBe(false);

    // The victim later uses "Continue with …": refused, with a way to link safely, and nothing linked.
    const victim = await withPilotCode(api.client());
    expect(loginError(await signIn(victim, { email: victimEmail }))).toBe('account_exists');
    expect(await sessionUser(victim)).toBeUndefined();
    expect(await getIdentityLink('openid', fakeSubject(victimEmail))).toBeUndefined();
  });

  it('links a provider from Settings to the signed-in member, who then signs in with it', async () => {
    const email = newEmail();
    const browser = api.client();
    const { response } = await registerMember(browser, { email });
    const { token, user: member } = response.json as { token: string; user: PublicUser };
    expect((await signInError(email))).toBe('account_exists');

    const start = await browser.request<{ url: string }>('POST', '/api/auth/link/openid', { headers: { authorization: `Bearer ${token}` } });
    expect(start.status).toBe(200);
    expect(new URL(start.json.url).origin).toBe(fixture.url);
    const back = await callback(browser, await providerAt(new URL(start.json.url), { email }));
    expect(back.headers.get('location')).toBe(`${api.baseUrl}/settings/account?linked=openid`);
    expect((await getIdentityLink('openid', fakeSubject(email)))?.userId).toBe(member.id);
    expect((await sessionUser(await signedInClient(email)))?.id).toBe(member.id);
  });

  it('a password reset unlinks the providers and forgets the action tokens: what someone holding the session connected is no way back in (issue 21)', async () => {
    const member = await verifiedMember();
    // Someone who held the member's session links their own provider account.
    const browser = api.client();
    const { token } = (await browser.request<{ token: string }>('POST', '/api/auth/login', { json: { email: member.email, password: 'phenomenal-woman' } })).json;
    const intruder = newEmail();
    const start = await browser.request<{ url: string }>('POST', '/api/auth/link/openid', { headers: { authorization: `Bearer ${token}` } });
    await callback(browser, await providerAt(new URL(start.json.url), { email: intruder }));
    expect((await getIdentityLink('openid', fakeSubject(intruder)))?.userId).toBe(member.id);

    // And a provider account behind the member's agent tools.
    const sealed = { v: 1, kid: 'k', iv: 'iv', tag: 'tag', ct: 'ct' } as unknown as StoredActionToken['accessToken'];
    await putActionToken(member.id, { actionId: 'act_intruder', accessToken: sealed, updatedAt: new Date().toISOString() });

    const requested = await api.client().request<{ link: string }>('POST', '/api/auth/requestPasswordReset', { json: { email: member.email } });
    const link = new URL(requested.json.link);
    const password = 'a-brand-new-secret';
    const done = await api.client().request('POST', '/api/auth/resetPassword', { json: { token: link.searchParams.get('token'), userId: link.searchParams.get('userId'), password, confirm_password: password } });
    expect(done.status).toBe(200);

    expect(await getIdentityLink('openid', fakeSubject(intruder))).toBeUndefined();
    expect(await getActionToken(member.id, 'act_intruder')).toBeUndefined();
    const again = api.client();
    expect(loginError(await signIn(again, { email: intruder }))).toBe('signup_code_required');
    // The member's own provider, with the account's verified address, links again on sign-in.
    expect((await sessionUser(await signedInClient(member.email)))?.id).toBe(member.id);
  });

  it('links nothing from Settings once the session that started the link has ended (a reset between the two, issue 21)', async () => {
    const member = await verifiedMember();
    const browser = api.client();
    const { token } = (await browser.request<{ token: string }>('POST', '/api/auth/login', { json: { email: member.email, password: 'phenomenal-woman' } })).json;
    const start = await browser.request<{ url: string }>('POST', '/api/auth/link/openid', { headers: { authorization: `Bearer ${token}` } });
    // The member signs out (a reset ends every session the same way) before the provider step ends.
    expect((await browser.request('POST', '/api/auth/logout', { headers: { authorization: `Bearer ${token}` } })).status).toBeLessThan(300);
    const intruder = newEmail();
    const back = await callback(browser, await providerAt(new URL(start.json.url), { email: intruder }));
    expect(back.headers.get('location')).toBe(`${api.baseUrl}/settings/account?linkError=oauth_failed`);
    expect(await getIdentityLink('openid', fakeSubject(intruder))).toBeUndefined();
  });

  it('refuses to link from Settings an identity that already signs another account in, and needs a session to start', async () => {
    const email = newEmail();
    await signIn(await withPilotCode(api.client()), { email });
    const owner = await getIdentityLink('openid', fakeSubject(email));
    const browser = api.client();
    const { token } = (await registerMember(browser, { email: newEmail() })).response.json as { token: string };
    const start = await browser.request<{ url: string }>('POST', '/api/auth/link/openid', { headers: { authorization: `Bearer ${token}` } });
    const back = await callback(browser, await providerAt(new URL(start.json.url), { email }));
    expect(back.headers.get('location')).toBe(`${api.baseUrl}/settings/account?linkError=identity_in_use`);
    expect((await getIdentityLink('openid', fakeSubject(email)))?.userId).toBe(owner?.userId);
    expect((await api.client().request('POST', '/api/auth/link/openid')).status).toBe(401);
  });

  it('refuses a new e-mail without a pilot code, and creates nothing', async () => {
    const client = api.client();
    const email = newEmail();
    expect(loginError(await signIn(client, { email }))).toBe('signup_code_required');
    expect(await sessionUser(client)).toBeUndefined();
    // Had an account been created, it would now be linked and sign in without a code.
    expect(loginError(await signIn(api.client(), { email }))).toBe('signup_code_required');
  });

  it('refuses an e-mail the provider has not verified', async () => {
    const client = await withPilotCode(api.client());
    expect(loginError(await signIn(client, { email: newEmail(), verified: false }))).toBe('email_unverified');
    expect(await sessionUser(client)).toBeUndefined();
  });

  it('takes the provider from the ID token, not the path: an unverified copy of a verified member\'s address through /oauth/facebook is refused', async () => {
    // Issue 21: the Facebook exception was keyed on the path the browser started at; this issuer is not Facebook.
    const victim = await verifiedMember();
    const attacker = await withPilotCode(api.client());
    expect(loginError(await signIn(attacker, { email: victim.email, verified: false }, 'facebook'))).toBe('email_unverified');
    expect(await sessionUser(attacker)).toBeUndefined();
    expect(await getIdentityLink('facebook', fakeSubject(victim.email))).toBeUndefined();
  });

  it('keeps a look-alike address apart: a provider vouching for the Kelvin sign\'s "\u212Aate@…" does not reach kate@…\'s account', async () => {
    const member = await verifiedMember(`kate.${Date.now()}.${++counter}@example.com`);
    const stranger = api.client();
    // Its key finds the member's account (toLowerCase folds U+212A into k), but it is not the member's mailbox.
    expect(loginError(await signIn(stranger, { email: `\u212A${member.email.slice(1)}` }))).toBe('account_exists');
    expect(await sessionUser(stranger)).toBeUndefined();
  });

  it('sends a person who cancels at the provider back to /login with oauth_denied', async () => {
    const client = await withPilotCode(api.client());
    expect(loginError(await signIn(client, { email: newEmail(), decision: 'deny' }))).toBe('oauth_denied');
  });

  it('refuses a callback whose state was not issued to this browser', async () => {
    const answer = await providerAnswer(await withPilotCode(api.client()), { email: newEmail() });
    // Another browser (no state cookie) presents the code: a login-CSRF attempt.
    expect(loginError(await callback(api.client(), answer))).toBe('oauth_failed');
  });

  it('refuses a state that differs from the one in the cookie', async () => {
    const client = await withPilotCode(api.client());
    const answer = await providerAnswer(client, { email: newEmail() });
    answer.searchParams.set('state', 'forged-state-value');
    expect(loginError(await callback(client, answer))).toBe('oauth_failed');
    expect(await sessionUser(client)).toBeUndefined();
  });

  it('refuses an ID token signed by a key the provider does not publish', async () => {
    fixture.signWith('foreign');
    const client = await withPilotCode(api.client());
    expect(loginError(await signIn(client, { email: newEmail() }))).toBe('oauth_failed');
    expect(await sessionUser(client)).toBeUndefined();
  });

  it('logs why a sign-in failed, but never its code, state or the tokens', async () => {
    fixture.signWith('foreign');
    const client = await withPilotCode(api.client());
    const answer = await providerAnswer(client, { email: newEmail() });
    const sealedState = client.jar.header('/oauth/callback')!.split('; ').find((cookie) => cookie.startsWith('meld_oauth='))!.slice('meld_oauth='.length);
    const written: string[] = [];
    const capture = (chunk: string | Uint8Array) => (written.push(String(chunk)), true);
    const spies = [vi.spyOn(process.stdout, 'write').mockImplementation(capture), vi.spyOn(process.stderr, 'write').mockImplementation(capture)];
    try {
      expect(loginError(await callback(client, answer))).toBe('oauth_failed');
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
    const log = written.join('');
    expect(log).toContain('social sign-in refused');
    for (const secret of [answer.searchParams.get('code')!, answer.searchParams.get('state')!, sealedState]) expect(log).not.toContain(secret);
  });

  it('does not accept the same answer twice', async () => {
    const client = await withPilotCode(api.client());
    const answer = await providerAnswer(client, { email: newEmail() });
    expect((await callback(client, answer)).headers.get('location')).toBe(`${api.baseUrl}/today`);
    expect(loginError(await callback(client, answer))).toBe('oauth_failed');
  });

  it('sends a provider that is not enabled back to /login', async () => {
    const response = await api.client().request('GET', '/oauth/github');
    expect(loginError(response)).toBe('provider_disabled');
  });

  it('answers 400 for a provider Meld does not know', async () => {
    const response = await api.client().request('GET', '/oauth/myspace');
    expect(response.status).toBe(400);
  });

  it('hands the provider PKCE, a state and a nonce, and the name of the chosen provider', async () => {
    const start = await api.client().request('GET', '/oauth/google');
    const authorize = new URL(start.headers.get('location')!);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${api.baseUrl}/oauth/callback`);
    expect(authorize.searchParams.get('identity_provider')).toBe('Google');
    for (const param of ['code_challenge', 'state', 'nonce']) expect(authorize.searchParams.get(param)?.length).toBeGreaterThanOrEqual(43);
    expect(start.setCookies[0]).toMatch(/^meld_oauth=.+; Max-Age=600; Path=\/oauth; SameSite=Lax; HttpOnly/);
  });
});

/** A member registered by e-mail who then followed the verification link (here, marked as if). */
async function verifiedMember(email = newEmail()): Promise<PublicUser> {
  const { response } = await registerMember(api.client(), { email });
  const member = (response.json as { user: PublicUser }).user;
  await markEmailVerified(member.id, new Date().toISOString());
  return member;
}

/** Why a fresh browser's sign-in as `email` came back to /login. */
async function signInError(email: string) {
  return loginError(await signIn(api.client(), { email }));
}

/** A fresh browser that signs in as `email` (already known to Meld). */
async function signedInClient(email: string): Promise<ApiClient> {
  const client = api.client();
  expect((await signIn(client, { email })).headers.get('location')).toBe(`${api.baseUrl}/today`);
  return client;
}
