import { URI, type TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOidcProvider, type FakeOidcProvider } from '../../auth-providers/__fakes__/oidc-provider.ts';
import { moveRequestClock, requestTime, resetRequestClock } from '../../http/clock.ts';
import { logger } from '../../http/logger.ts';
import { getUser } from '../../store/user-store.ts';
import type { ClientResponse } from '../../local/test-stack.ts';
import { newMember, startApi, TEST_SIGNUP_CODE, type Api, type ApiClient } from '../api-test-kit.ts';

/**
 * Every auth flow against the local stack (password, link tokens, two-factor, social sign-in)
 * while every log line the process writes and every response is kept; then none may hold a
 * password, a hash, or a token or code outside the one reply that must carry it.
 */

interface Recorded {
  call: string;
  status: number;
  text: string;
  json: unknown;
  setCookies: string[];
}

const logs: string[] = [];
const responses: Recorded[] = [];
/** Each secret with the calls whose reply may carry it: in the body, or with ' (cookie)' in a cookie (refresh tokens are cookies anyway). */
const secrets: { label: string; value: string; allowedIn: string[] }[] = [];
const userIds = new Set<string>();
const JWT = /eyJ[\w-]{8,}\.[\w-]{8,}\.[\w-]{8,}/;
const BCRYPT = /\$2[aby]\$\d\d\$/;

const keep = (label: string, value: string | undefined, ...allowedIn: string[]) => {
  if (!value) throw new Error(`No ${label} to look for`);
  secrets.push({ label, value, allowedIn });
};

let api: Api;
let provider: FakeOidcProvider;
const restore: (() => void)[] = [];

function capture(target: object, method: string, toText: (args: unknown[]) => string) {
  const host = target as Record<string, (...args: unknown[]) => unknown>;
  const original = host[method]!;
  host[method] = function (this: unknown, ...args: unknown[]) {
    logs.push(toText(args));
    return original.apply(this, args);
  };
  restore.push(() => (host[method] = original));
}

beforeAll(async () => {
  const chunk = (args: unknown[]) => (typeof args[0] === 'string' ? args[0] : Buffer.from(args[0] as Uint8Array).toString('utf8'));
  capture(process.stdout, 'write', chunk);
  capture(process.stderr, 'write', chunk);
  for (const method of ['log', 'info', 'warn', 'error', 'debug']) capture(console, method, (args) => args.map((arg) => (typeof arg === 'string' ? arg : JSON.stringify(arg))).join(' '));
  provider = await startFakeOidcProvider();
  api = await startApi({
    env: { POWERTOOLS_LOG_LEVEL: 'DEBUG' },
    config: {
      email: { requireVerification: true, returnLinks: true },
      social: { enabled: true, providers: { openid: true }, issuer: { url: provider.url, clientId: provider.clientId } },
      rateLimits: { passwordReset: { max: 1000, windowMinutes: 60 }, verifyEmail: { max: 1000, windowMinutes: 60 }, twoFactor: { max: 1000, windowMinutes: 5 } },
    },
  });
  // The level is read when the logger is made, which may be before the stack set it.
  logger.setLogLevel('DEBUG');
});

afterAll(async () => {
  restore.forEach((undo) => undo());
  resetRequestClock();
  await api?.stop();
  await provider?.stop();
});

/** A client whose every reply is kept under its method and route. */
function client(): ApiClient {
  const inner = api.client();
  return {
    jar: inner.jar,
    async request<T>(method: string, path: string, options?: Parameters<ApiClient['request']>[2]): Promise<ClientResponse<T>> {
      const response = await inner.request<T>(method, path, options);
      responses.push({ call: `${method} ${path.split('?')[0]}`, status: response.status, text: response.text, json: response.json, setCookies: response.setCookies });
      return response;
    },
  };
}

function refreshTokenOf(response: { setCookies: string[] }): string | undefined {
  const cookie = response.setCookies.find((value) => value.startsWith('meld_refresh=') && !value.startsWith('meld_refresh=;'));
  return cookie?.split(';')[0]!.slice('meld_refresh='.length);
}

/** The replies that carry an access token (a refresh in the same second signs the same token). */
const SIGN_IN_REPLIES = ['POST /api/auth/login', 'POST /api/auth/refresh', 'POST /api/auth/2fa/verify-temp'];

function keepSession(response: ClientResponse<unknown>, call: string) {
  keep(`access token from ${call}`, (response.json as { token?: string }).token, ...SIGN_IN_REPLIES);
  keep(`refresh token from ${call}`, refreshTokenOf(response));
}

const linkParam = (link: string | undefined, name: string) => new URL(link!).searchParams.get(name) ?? undefined;

describe('logs and responses of the auth flows', () => {
  it('hold no password, hash, token, secret or code outside the reply that must carry it', async () => {
    const browser = client();
    const member = newMember({ signup_code: undefined });
    keep('password', member.password);
    keep('signup code', TEST_SIGNUP_CODE);

    expect((await browser.request('POST', '/api/auth/validate-signup-code', { json: { signupCode: TEST_SIGNUP_CODE } })).status).toBe(200);
    // Verification required: no session until the e-mailed link (returned, since e-mail is off) is followed.
    const registered = await browser.request<{ user: { id: string } }>('POST', '/api/auth/register', { json: member });
    expect(registered.status).toBe(201);
    userIds.add(registered.json.user.id);
    const resent = await browser.request<{ link?: string }>('POST', '/api/user/verify/resend', { json: { email: member.email } });
    keep('verification token', linkParam(resent.json.link, 'token'), 'POST /api/user/verify/resend');
    const verification = { email: linkParam(resent.json.link, 'email'), token: linkParam(resent.json.link, 'token') };
    expect((await browser.request('POST', '/api/user/verify', { json: verification })).status).toBe(200);

    // Password sign-in, a wrong password, a password far too long, a refresh, the current user.
    const wrong = 'not-my-password-at-all';
    keep('wrong password', wrong);
    expect((await browser.request('POST', '/api/auth/login', { json: { email: member.email, password: wrong } })).status).toBe(401);
    const tooLong = `too-long-${'x'.repeat(200)}`;
    keep('over-long password', tooLong);
    expect((await browser.request('POST', '/api/auth/login', { json: { email: member.email, password: tooLong } })).status).toBe(400);
    const login = await browser.request<{ token: string }>('POST', '/api/auth/login', { json: { email: member.email, password: member.password } });
    expect(login.status).toBe(200);
    keepSession(login, 'POST /api/auth/login');
    const refreshed = await browser.request<{ token: string }>('POST', '/api/auth/refresh');
    keepSession(refreshed, 'POST /api/auth/refresh');
    const auth = { authorization: `Bearer ${refreshed.json.token}` };
    expect((await browser.request('GET', '/api/user', { headers: auth })).status).toBe(200);

    // Two-factor: setup (confirm, verify), sign-in with the app's code and with a backup code, regenerate, disable.
    const enabled = await browser.request<{ otpauthUrl: string; backupCodes: string[] }>('GET', '/api/auth/2fa/enable', { headers: auth });
    const totp = URI.parse(enabled.json.otpauthUrl) as TOTP;
    keep('TOTP secret', totp.secret.base32, 'GET /api/auth/2fa/enable');
    enabled.json.backupCodes.forEach((code) => keep('backup code', code, 'GET /api/auth/2fa/enable'));
    const code = () => {
      // A fresh 30-second step each time: a used step is refused.
      moveRequestClock(new Date(requestTime().getTime() + 60_000));
      const value = totp.generate({ timestamp: requestTime().getTime() });
      // As a JSON string: six bare digits may turn up inside any id.
      keep('TOTP code', `"${value}"`);
      return value;
    };
    expect((await browser.request('POST', '/api/auth/2fa/confirm', { headers: auth, json: { token: code() } })).status).toBe(200);
    expect((await browser.request('POST', '/api/auth/2fa/verify', { headers: auth, json: { token: code() } })).status).toBe(200);
    for (const second of [{ token: code() }, { backupCode: enabled.json.backupCodes[0] }]) {
      const pending = await browser.request<{ tempToken: string }>('POST', '/api/auth/login', { json: { email: member.email, password: member.password } });
      keep('temporary token', pending.json.tempToken, 'POST /api/auth/login');
      const verified = await browser.request('POST', '/api/auth/2fa/verify-temp', { json: { tempToken: pending.json.tempToken, ...second } });
      expect(verified.status).toBe(200);
      keepSession(verified, 'POST /api/auth/2fa/verify-temp');
    }
    const regenerated = await browser.request<{ backupCodes: string[] }>('POST', '/api/auth/2fa/backup/regenerate', { headers: auth, json: { token: code() } });
    expect(regenerated.status).toBe(200);
    regenerated.json.backupCodes.forEach((backup) => keep('backup code', backup, 'POST /api/auth/2fa/backup/regenerate'));
    expect((await browser.request('POST', '/api/auth/2fa/disable', { headers: auth, json: { token: code() } })).status).toBe(200);

    // Password reset through the returned link, then sign-in with the new password.
    const requested = await browser.request<{ link?: string }>('POST', '/api/auth/requestPasswordReset', { json: { email: member.email } });
    keep('reset token', linkParam(requested.json.link, 'token'), 'POST /api/auth/requestPasswordReset');
    const newPassword = 'a-brand-new-secret-phrase';
    keep('new password', newPassword);
    const parts = { token: linkParam(requested.json.link, 'token'), userId: linkParam(requested.json.link, 'userId') };
    expect((await browser.request('POST', '/api/auth/resetPassword', { json: { ...parts, password: newPassword, confirm_password: newPassword } })).status).toBe(200);
    const again = await browser.request('POST', '/api/auth/login', { json: { email: member.email, password: newPassword } });
    expect(again.status).toBe(200);
    keepSession(again, 'POST /api/auth/login');

    // Social sign-in through the local OpenID provider, then sign out.
    const social = client();
    expect((await social.request('POST', '/api/auth/validate-signup-code', { json: { signupCode: TEST_SIGNUP_CODE } })).status).toBe(200);
    const email = `social.${Date.now()}@example.com`;
    /** Meld's redirect, the provider's form posted as the person, and the callback; the callback's reply. */
    const socialSignIn = async () => {
      const started = await social.request('GET', '/oauth/openid');
      // The sign-in state (and its PKCE verifier) rides in a signed, HttpOnly cookie to the callback.
      const sealedState = started.setCookies.find((cookie) => JWT.test(cookie) && /HttpOnly/i.test(cookie))?.split(';')[0]!.split('=')[1];
      keep('sealed sign-in state', sealedState, 'GET /oauth/openid (cookie)');
      const form = new URLSearchParams(new URL(started.headers.get('location')!).searchParams);
      form.set('email', email);
      form.set('name', 'Ada Lovelace');
      form.set('email_verified', 'true');
      form.set('decision', 'allow');
      const back = new URL((await fetch(`${provider.url}/authorize`, { method: 'POST', body: form, redirect: 'manual' })).headers.get('location')!);
      keep('authorization code', back.searchParams.get('code') ?? undefined);
      return social.request('GET', `${back.pathname}${back.search}`);
    };
    // An ID token signed by a stranger's key is refused, and the refusal logged.
    provider.signWith('foreign');
    const refused = await socialSignIn();
    provider.signWith('own');
    expect(new URL(refused.headers.get('location')!).pathname).toBe('/login');
    const landed = await socialSignIn();
    expect(landed.status).toBe(302);
    keep('refresh token from GET /oauth/callback', refreshTokenOf(landed));
    const socialSession = await social.request<{ token: string; user: { id: string } }>('POST', '/api/auth/refresh');
    expect(socialSession.status).toBe(200);
    keepSession(socialSession, 'POST /api/auth/refresh');
    userIds.add(socialSession.json.user.id);
    expect((await social.request('POST', '/api/auth/logout')).status).toBe(200);
    expect((await browser.request('POST', '/api/auth/logout')).status).toBe(200);

    for (const userId of userIds) {
      const hash = (await getUser(userId))?.passwordHash;
      if (hash) keep('password hash', hash);
    }

    // The capture works: every request left its access-log line, and the refused sign-in its warning.
    expect(logs.filter((line) => line.includes('"message":"request"')).length).toBeGreaterThanOrEqual(responses.length);
    expect(logs.some((line) => line.includes('"level":"WARN"'))).toBe(true);

    const leaks: string[] = [];
    for (const line of logs) {
      for (const secret of secrets) if (line.includes(secret.value)) leaks.push(`log line holds a ${secret.label}: ${line.slice(0, 200)}`);
      if (JWT.test(line)) leaks.push(`log line holds a JWT: ${line.slice(0, 200)}`);
      if (BCRYPT.test(line)) leaks.push(`log line holds a bcrypt hash: ${line.slice(0, 200)}`);
    }
    for (const response of responses) {
      for (const secret of secrets) {
        if (response.text.includes(secret.value) && !secret.allowedIn.includes(response.call)) leaks.push(`${response.call} answered with a ${secret.label}`);
      }
      // An access token only as the `token` of a sign-in reply.
      const { token: _token, ...rest } = (response.json ?? {}) as { token?: string };
      if (JWT.test(JSON.stringify(rest))) leaks.push(`${response.call} answered with a JWT outside its token field`);
      if (BCRYPT.test(response.text)) leaks.push(`${response.call} answered with a bcrypt hash`);
      const cookies = response.setCookies.filter((cookie) => !secrets.some((secret) => secret.allowedIn.includes(`${response.call} (cookie)`) && cookie.includes(secret.value)));
      if (cookies.some((cookie) => JWT.test(cookie) || BCRYPT.test(cookie))) leaks.push(`${response.call} set a cookie holding a JWT or hash`);
    }
    expect(leaks).toEqual([]);
    expect(secrets.length).toBeGreaterThan(20);
  });
});
