import { SendEmailCommand } from '@aws-sdk/client-sesv2';
import { useSesMock } from '../../mail/ses-test-kit.ts';
import { describe, expect, it } from 'vitest';
import { hashSecret } from '../../domain/auth/tokens.ts';
import { setOneTimeTokenExpiry } from '../../store/one-time-token-store.ts';
import { listIpViolations } from '../../store/violation-store.ts';
import { dbCalls, inOneRateWindow, newMember, useApi, type ApiClient } from '../api-test-kit.ts';

const roomy = { verifyEmail: { max: 1000, windowMinutes: 60 } };

function linkParts(link: string): { token: string; email: string } {
  const url = new URL(link);
  expect(url.pathname).toBe('/verify');
  return { token: url.searchParams.get('token')!, email: url.searchParams.get('email')! };
}

const resend = (client: ApiClient, email: string) =>
  client.request<{ message: string; link?: string }>('POST', '/api/user/verify/resend', { json: { email } });
const verify = (client: ApiClient, parts: { token: string; email: string }) =>
  client.request<{ message: string; code?: string }>('POST', '/api/user/verify', { json: parts });
const login = (client: ApiClient, body: { email: string; password: string }) =>
  client.request<{ code?: string; token?: string }>('POST', '/api/auth/login', { json: { email: body.email, password: body.password } });

async function registerUnverified(client: ApiClient) {
  const body = newMember();
  const response = await client.request<{ token?: string; user: { id: string; emailVerified: boolean }; message?: string }>('POST', '/api/auth/register', { json: body });
  expect(response.status).toBe(201);
  return { body, response };
}

describe('e-mail verification required, links returned (e-mail off)', () => {
  const api = useApi({ config: { email: { requireVerification: true, returnLinks: true }, rateLimits: roomy } });

  it('registers without a session, and sign-in answers 422 EMAIL_UNVERIFIED until the link is followed', async () => {
    const { body, response } = await registerUnverified(api().client());
    expect(response.json.token).toBeUndefined();
    expect(response.json.user.emailVerified).toBe(false);
    expect(response.setCookies.some((cookie) => cookie.startsWith('meld_refresh=') && !cookie.startsWith('meld_refresh=;'))).toBe(false);

    const refused = await login(api().client(), body);
    expect(refused.status).toBe(422);
    expect(refused.json.code).toBe('EMAIL_UNVERIFIED');

    const sent = await resend(api().client(), body.email);
    expect(sent.status).toBe(200);
    const verified = await verify(api().client(), linkParts(sent.json.link!));
    expect(verified.status).toBe(200);
    expect(verified.json.message).toBe('Your email address is verified.');

    const signedIn = await login(api().client(), body);
    expect(signedIn.status).toBe(200);
    expect(signedIn.json.token).toMatch(/^ey/);
  });

  it('answers the same for unknown and unverified e-mails', async () => {
    const { body } = await registerUnverified(api().client());
    const pending = await resend(api().client(), body.email);
    const unknown = await resend(api().client(), 'no-account@example.com');
    for (const response of [pending, unknown]) {
      expect(response.status).toBe(200);
      expect(dbCalls(response)).toBe(dbCalls(pending));
      expect(response.json.message).toBe(pending.json.message);
      expect(linkParts(response.json.link!).token).toMatch(/^[\w-]{43}$/);
    }
    expect((await verify(api().client(), linkParts(unknown.json.link!))).status).toBe(400);
  });

  it('tells an already verified address so, with no link (one would never work)', async () => {
    const { body } = await registerUnverified(api().client());
    await verify(api().client(), linkParts((await resend(api().client(), body.email)).json.link!));
    const again = await resend(api().client(), body.email);
    expect(again.status).toBe(200);
    expect(again.json).toEqual({ message: 'This email address is already verified. You can sign in.', alreadyVerified: true });
  });

  it('verifies with a link resent after a failed one, and refuses the older links afterwards', async () => {
    const { body } = await registerUnverified(api().client());
    const older = linkParts((await resend(api().client(), body.email)).json.link!);
    const failed = await verify(api().client(), { email: body.email, token: 'x'.repeat(43) });
    expect(failed.status).toBe(400);
    const newer = linkParts((await resend(api().client(), body.email)).json.link!);
    expect(newer.token).not.toBe(older.token);
    expect((await verify(api().client(), newer)).status).toBe(200);
    const stale = await verify(api().client(), older);
    expect(stale.status).toBe(400);
    expect(stale.json.message).toBe('This verification link is invalid, has expired or was already used.');
    expect((await login(api().client(), body)).status).toBe(200);
  });

  it('refuses a used, an expired, and another address’s link', async () => {
    const { body } = await registerUnverified(api().client());
    const other = await registerUnverified(api().client());
    const parts = linkParts((await resend(api().client(), body.email)).json.link!);

    const foreign = await verify(api().client(), { token: parts.token, email: other.body.email });
    expect(foreign.status).toBe(400);
    expect(foreign.json.code).toBe('INVALID_LINK_TOKEN');
    expect((await login(api().client(), other.body)).status).toBe(422);

    expect((await verify(api().client(), parts)).status).toBe(200);
    expect((await verify(api().client(), parts)).status).toBe(400);

    const later = linkParts((await resend(api().client(), other.body.email)).json.link!);
    await setOneTimeTokenExpiry(other.response.json.user.id, 'email-verification', hashSecret(later.token), new Date(Date.now() - 1000));
    const expired = await verify(api().client(), later);
    expect(expired.status).toBe(400);
    expect(expired.json.message).toMatch(/invalid, has expired or was already used/);
  });

  it('names the problem for bad input with a 400', async () => {
    const client = api().client();
    const noToken = await client.request<{ message: string }>('POST', '/api/user/verify', { json: { email: 'a@example.com' } });
    expect(noToken.status).toBe(400);
    expect(noToken.json.message).toContain('Verification token is missing');
    const noEmail = await client.request<{ message: string }>('POST', '/api/user/verify', { json: { token: 'x'.repeat(43) } });
    expect(noEmail.status).toBe(400);
    expect(noEmail.json.message).toContain('Email is required');
    const badResend = await client.request<{ message: string }>('POST', '/api/user/verify/resend', { json: { email: 'nope' } });
    expect(badResend.status).toBe(400);
    expect(badResend.json.message).toContain('Please enter a valid email');
  });
});

describe('verification e-mails rate limit', () => {
  const api = useApi({
    config: {
      email: { returnLinks: true },
      rateLimits: { verifyEmail: { max: 2, windowMinutes: 60 }, verifyEmailPerEmail: { max: 5, windowMinutes: 60 } },
      ban: { threshold: 100, windowMinutes: 60, durationMinutes: 30 },
    },
  });

  it('answers 429 once one address has asked too often', async () => {
    inOneRateWindow(60);
    const client = api().client({ localAddress: '127.0.8.1' });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 3; attempt++) statuses.push((await resend(client, 'flood@example.com')).status);
    expect(statuses).toEqual([200, 200, 429]);
    expect(await listIpViolations('127.0.8.1', 'verify_email_limit')).toHaveLength(1);
  });

  it('never locks the owner out of their verification mail from another address (targeted lockout)', async () => {
    inOneRateWindow(60);
    const { body } = await registerUnverified(api().client({ localAddress: '127.0.8.2' }));
    const attacker = api().client({ localAddress: '127.0.8.3' });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 5; attempt++) statuses.push((await resend(attacker, body.email)).status);
    expect(statuses).toEqual([200, 200, 429, 429, 429]);

    const owner = await resend(api().client({ localAddress: '127.0.8.4' }), body.email);
    expect(owner.status).toBe(200);
    expect(owner.json.link).toContain('/verify?');
    expect(await listIpViolations('127.0.8.4')).toEqual([]);
  });

  it('still stops many addresses together from flooding one inbox, charging nobody', async () => {
    inOneRateWindow(60);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) statuses.push((await resend(api().client({ localAddress: `127.0.9.${attempt + 1}` }), 'flooded@example.com')).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(await listIpViolations('127.0.9.6')).toEqual([]);
  });
});

describe('e-mail verification with e-mail on (SES)', () => {
  const ses = useSesMock();
  const api = useApi({
    config: { serverDomain: 'https://meld.example/', email: { enabled: true, from: 'no-reply@meld.example' }, rateLimits: roomy },
  });

  it('mails a verification link on registration; sign-in still works while verification is optional', async () => {
    const { body, response } = await registerUnverified(api().client());
    expect(response.json.token).toMatch(/^ey/);
    expect(response.json.user.emailVerified).toBe(false);
    const calls = ses.commandCalls(SendEmailCommand);
    expect(calls).toHaveLength(1);
    const input = calls[0]!.args[0].input;
    expect(input.FromEmailAddress).toBe('no-reply@meld.example');
    expect(input.Destination?.ToAddresses).toEqual([body.email]);
    const link = /https:\/\/meld\.example\/verify\?\S+/.exec(input.Content!.Simple!.Body!.Text!.Data!)?.[0];
    expect(link).toBeDefined();
    expect((await login(api().client(), body)).status).toBe(200);

    expect((await verify(api().client(), linkParts(link!))).status).toBe(200);
    const me = await api().client().request<{ user: { emailVerified: boolean } }>('POST', '/api/auth/login', { json: { email: body.email, password: body.password } });
    expect(me.json.user.emailVerified).toBe(true);
  });

  it('answers a verified address like any other when mail is on (no reply tells who has an account)', async () => {
    const { body } = await registerUnverified(api().client());
    const link = /https:\/\/meld\.example\/verify\?\S+/.exec(ses.commandCalls(SendEmailCommand)[0]!.args[0].input.Content!.Simple!.Body!.Text!.Data!)![0];
    expect((await verify(api().client(), linkParts(link))).status).toBe(200);
    const verified = await resend(api().client(), body.email);
    const unknown = await resend(api().client(), 'nobody-here@example.com');
    expect(verified.json).toEqual(unknown.json);
    expect(verified.json).toEqual({ message: 'If that email belongs to an account waiting for verification, a new link is on its way.' });
    expect(ses.commandCalls(SendEmailCommand)).toHaveLength(1);
  });

  it('resends only to an account waiting for verification, never returning the link', async () => {
    const unknown = await resend(api().client(), 'stranger@example.com');
    expect(unknown.status).toBe(200);
    expect(unknown.json.link).toBeUndefined();
    expect(ses.commandCalls(SendEmailCommand)).toHaveLength(0);
  });
});
