import { OAUTH_STATE_COOKIE, REFRESH_COOKIE, REFRESH_COOKIE_PATH, SESSION_HINT_COOKIE, SIGNUP_CODE_COOKIE } from '@meld/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOidcProvider, type FakeOidcProvider } from '../../../auth-providers/__fakes__/oidc-provider.ts';
import { newMember, startApi, TEST_SIGNUP_CODE, type Api, type ApiClient } from '../../api-test-kit.ts';
import { memberWithTwoFactor, passwordStep } from '../../auth/2fa/two-factor-test-kit.ts';

let provider: FakeOidcProvider;
let api: Api;
beforeAll(async () => {
  provider = await startFakeOidcProvider();
  api = await startApi({ config: { social: { enabled: true, providers: { openid: true }, issuer: { url: provider.url, clientId: provider.clientId } } } });
});
afterAll(async () => {
  await api?.stop();
  await provider?.stop();
});

interface Cookie {
  name: string;
  value: string;
  /** Attribute names in lower case; flags map to true. */
  attributes: Record<string, string | true>;
}

function parse(line: string): Cookie {
  const [pair, ...attributes] = line.split(';').map((part) => part.trim());
  return {
    name: pair!.slice(0, pair!.indexOf('=')),
    value: pair!.slice(pair!.indexOf('=') + 1),
    attributes: Object.fromEntries(attributes.map((attribute) => {
      const [name, value] = attribute.split('=');
      return [name!.toLowerCase(), value ?? true];
    })),
  };
}

/** Every Set-Cookie line of every answer, by the call that set it. */
const sent: { call: string; cookie: Cookie }[] = [];
async function record<T extends { setCookies: string[] }>(call: string, answer: Promise<T>): Promise<T> {
  const response = await answer;
  for (const line of response.setCookies) sent.push({ call, cookie: parse(line) });
  return response;
}

/** The browser's part of social sign-in: Meld's redirect, the provider's form, the redirect back. */
async function socialSignIn(client: ApiClient, email: string) {
  const start = await record('GET /oauth/openid', client.request('GET', '/oauth/openid'));
  const authorize = new URL(start.headers.get('location')!);
  const form = new URLSearchParams(authorize.searchParams);
  for (const [name, value] of Object.entries({ email, name: 'Ada Lovelace', email_verified: 'true', decision: 'allow' })) form.set(name, value);
  const back = new URL((await fetch(`${provider.url}/authorize`, { method: 'POST', body: form, redirect: 'manual' })).headers.get('location')!);
  return record('GET /oauth/callback', client.request('GET', `${back.pathname}${back.search}`));
}

describe('cookie flags', () => {
  it('sends every cookie Secure; session cookies HttpOnly, SameSite=Strict and only to the auth routes', async () => {
    const client = api.client();
    await record('POST /api/auth/validate-signup-code', client.request('POST', '/api/auth/validate-signup-code', { json: { signupCode: TEST_SIGNUP_CODE } }));
    const body = newMember();
    const registered = await record('POST /api/auth/register', client.request<{ token: string }>('POST', '/api/auth/register', { json: body }));
    await record('POST /api/auth/login', client.request('POST', '/api/auth/login', { json: { email: body.email, password: body.password } }));
    await record('POST /api/auth/refresh', client.request('POST', '/api/auth/refresh'));
    const headers = { authorization: `Bearer ${registered.json.token}` };
    await record('POST /api/auth/logout', client.request('POST', '/api/auth/logout', { headers }));

    const twoFactor = await memberWithTwoFactor(api.client());
    const pending = await passwordStep(api.client(), twoFactor);
    await record('POST /api/auth/2fa/verify-temp', api.client().request('POST', '/api/auth/2fa/verify-temp', { json: { tempToken: pending.json.tempToken, backupCode: twoFactor.backupCodes[0] } }));
    await record('DELETE /api/user/delete', twoFactor.call('DELETE', '/api/user/delete', { email: twoFactor.email }));

    const social = api.client();
    await record('POST /api/auth/validate-signup-code', social.request('POST', '/api/auth/validate-signup-code', { json: { signupCode: TEST_SIGNUP_CODE } }));
    expect((await socialSignIn(social, `ada.${Date.now()}@example.com`)).status).toBe(302);

    const calls = (name: string) => [...new Set(sent.filter(({ cookie }) => cookie.name === name).map(({ call }) => call))].sort();
    expect(calls(REFRESH_COOKIE)).toEqual(['DELETE /api/user/delete', 'GET /oauth/callback', 'POST /api/auth/2fa/verify-temp', 'POST /api/auth/login', 'POST /api/auth/logout', 'POST /api/auth/refresh', 'POST /api/auth/register']);
    expect(calls(OAUTH_STATE_COOKIE)).toEqual(['GET /oauth/callback', 'GET /oauth/openid']);
    // The session hint travels with the refresh cookie, set and cleared by the same calls.
    expect(calls(SESSION_HINT_COOKIE)).toEqual(calls(REFRESH_COOKIE));
    expect(new Set(sent.map(({ cookie }) => cookie.name))).toEqual(new Set([REFRESH_COOKIE, SESSION_HINT_COOKIE, OAUTH_STATE_COOKIE, SIGNUP_CODE_COOKIE]));

    for (const { call, cookie } of sent) {
      const where = `${cookie.name} from ${call}`;
      expect(cookie.attributes.secure, where).toBe(true);
      if (cookie.name === REFRESH_COOKIE) {
        expect(cookie.attributes, where).toMatchObject({ httponly: true, samesite: 'Strict', path: REFRESH_COOKIE_PATH });
      } else if (cookie.name === OAUTH_STATE_COOKIE) {
        // Lax: the provider's redirect back to /oauth/callback is a navigation from another site.
        expect(cookie.attributes, where).toMatchObject({ httponly: true, samesite: 'Lax', path: '/oauth' });
      } else if (cookie.name === SESSION_HINT_COOKIE) {
        // Readable by the page and holding no secret, only "1" or nothing (decision 0044).
        expect(cookie.attributes, where).toMatchObject({ samesite: 'Lax', path: '/' });
        expect(cookie.attributes.httponly, where).toBeUndefined();
        expect(['1', ''], where).toContain(cookie.value);
      } else {
        // Spec 002: the page reads the sign-up code (not a credential) and social sign-up's
        // cross-site callback needs it, so it is neither HttpOnly nor Strict, and covers /.
        expect(cookie.attributes, where).toMatchObject({ samesite: 'Lax', path: '/' });
        expect(cookie.attributes.httponly, where).toBeUndefined();
      }
    }
  });
});
