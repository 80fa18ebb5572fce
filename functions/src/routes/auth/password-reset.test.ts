import { SendEmailCommand } from '@aws-sdk/client-sesv2';
import { useSesMock } from '../../mail/ses-test-kit.ts';
import { describe, expect, it } from 'vitest';
import { hashSecret } from '../../domain/auth/tokens.ts';
import { setOneTimeTokenExpiry } from '../../store/one-time-token-store.ts';
import { setUserRole } from '../../store/user-store.ts';
import { listIpViolations, listViolations } from '../../store/violation-store.ts';
import { dbCalls, inOneRateWindow, registerMember, useApi, type ApiClient } from '../api-test-kit.ts';

const roomy = { passwordReset: { max: 1000, windowMinutes: 60 } };

function refreshCookieOf(setCookies: string[]): string {
  const cookie = setCookies.find((value) => value.startsWith('meld_refresh='));
  if (!cookie) throw new Error('no refresh cookie');
  return cookie.split(';')[0]!;
}

/** The token and user id a reset link carries. */
function linkParts(link: string): { token: string; userId: string } {
  const url = new URL(link);
  expect(url.pathname).toBe('/reset-password');
  return { token: url.searchParams.get('token')!, userId: url.searchParams.get('userId')! };
}

async function requestReset(client: ApiClient, email: string) {
  return client.request<{ message: string; link?: string; linksReturned?: true }>('POST', '/api/auth/requestPasswordReset', { json: { email } });
}

const reset = (client: ApiClient, parts: { token: string; userId: string }, password = 'a-brand-new-secret') =>
  client.request<{ code?: string; message: string; field?: string }>('POST', '/api/auth/resetPassword', {
    json: { ...parts, password, confirm_password: password },
  });

describe('password reset with links returned (e-mail off)', () => {
  const api = useApi({ config: { email: { returnLinks: true }, rateLimits: roomy } });

  it('answers an unknown e-mail with the same message and work, but no link: nobody sets a password for an account that does not exist', async () => {
    const { body } = await registerMember(api().client());
    const known = await requestReset(api().client(), body.email);
    const unknown = await requestReset(api().client(), 'nobody-here@example.com');
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(unknown.json.message).toBe(known.json.message);
    expect(known.json.link).toEqual(expect.any(String));
    // This one-machine mode hands any member's link to whoever asks, so saying there is none hides nothing worth hiding.
    expect(unknown.json.link).toBeUndefined();
    expect([known.json.linksReturned, unknown.json.linksReturned]).toEqual([true, true]);
    // The same reads and writes either way: a decoy token stands in for the missing account.
    expect(dbCalls(unknown)).toBe(dbCalls(known));
  });

  it('sets the new password, refuses the old one and ends every session, old refresh cookie included', async () => {
    const client = api().client();
    const { body, response: registered } = await registerMember(client);
    const oldCookie = refreshCookieOf(registered.setCookies);
    const { json } = await requestReset(api().client(), body.email.toUpperCase());

    const done = await reset(api().client(), linkParts(json.link!));
    expect(done.status).toBe(200);
    expect(done.json.message).toMatch(/password has been reset/);

    const oldLogin = await api().client().request('POST', '/api/auth/login', { json: { email: body.email, password: body.password } });
    expect(oldLogin.status).toBe(401);
    const newLogin = await api().client().request('POST', '/api/auth/login', { json: { email: body.email, password: 'a-brand-new-secret' } });
    expect(newLogin.status).toBe(200);
    const refreshed = await api().client().request('POST', '/api/auth/refresh', { headers: { cookie: oldCookie } });
    expect(refreshed.status).toBe(401);
  });

  it('refuses a link used once already', async () => {
    const { body } = await registerMember(api().client());
    const parts = linkParts((await requestReset(api().client(), body.email)).json.link!);
    expect((await reset(api().client(), parts)).status).toBe(200);
    const again = await reset(api().client(), parts, 'yet-another-secret');
    expect(again.status).toBe(400);
    expect(again.json).toMatchObject({ code: 'INVALID_LINK_TOKEN', field: 'token' });
    const login = await api().client().request('POST', '/api/auth/login', { json: { email: body.email, password: 'a-brand-new-secret' } });
    expect(login.status).toBe(200);
  });

  it('lets only one of two simultaneous resets with the same link through', async () => {
    const { body } = await registerMember(api().client());
    const parts = linkParts((await requestReset(api().client(), body.email)).json.link!);
    const results = await Promise.all([reset(api().client(), parts, 'racer-number-one'), reset(api().client(), parts, 'racer-number-two')]);
    expect(results.map((result) => result.status).sort()).toEqual([200, 400]);
    const winner = results[0]!.status === 200 ? 'racer-number-one' : 'racer-number-two';
    const login = await api().client().request('POST', '/api/auth/login', { json: { email: body.email, password: winner } });
    expect(login.status).toBe(200);
  });

  it('refuses an expired link and leaves the password as it was', async () => {
    const { body } = await registerMember(api().client());
    const parts = linkParts((await requestReset(api().client(), body.email)).json.link!);
    await setOneTimeTokenExpiry(parts.userId, 'password-reset', hashSecret(parts.token), new Date(Date.now() - 1000));
    const response = await reset(api().client(), parts);
    expect(response.status).toBe(400);
    expect(response.json.message).toMatch(/invalid, has expired or was already used/);
    const login = await api().client().request('POST', '/api/auth/login', { json: { email: body.email, password: body.password } });
    expect(login.status).toBe(200);
  });

  it("refuses one user's token sent with another user's id, and both passwords stay", async () => {
    const first = await registerMember(api().client());
    const second = await registerMember(api().client());
    const firstParts = linkParts((await requestReset(api().client(), first.body.email)).json.link!);
    const secondId = (second.response.json as { user: { id: string } }).user.id;
    const response = await reset(api().client(), { token: firstParts.token, userId: secondId });
    expect(response.status).toBe(400);
    for (const member of [first, second]) {
      const login = await api().client().request('POST', '/api/auth/login', { json: { email: member.body.email, password: member.body.password } });
      expect(login.status).toBe(200);
    }
  });

  it('never returns a working link for an admin account: a decoy of the same shape, and the admin keeps the password', async () => {
    const { body, response } = await registerMember(api().client());
    const adminId = (response.json as { user: { id: string } }).user.id;
    await setUserRole(adminId, 'ADMIN', new Date().toISOString());
    const { json } = await requestReset(api().client(), body.email);
    const parts = linkParts(json.link!);
    expect(parts.userId).toBe(adminId);
    expect(parts.token).toMatch(/^[\w-]{43}$/);
    expect((await reset(api().client(), parts, 'taken-over-by-a-stranger')).status).toBe(400);
    const login = await api().client().request('POST', '/api/auth/login', { json: { email: body.email, password: body.password } });
    expect(login.status).toBe(200);
  });

  it('returns no link inside Lambda even if the setting slipped through synth', async () => {
    const { body } = await registerMember(api().client());
    process.env.AWS_LAMBDA_FUNCTION_NAME = 'meld-requestPasswordReset';
    try {
      expect((await requestReset(api().client(), body.email)).json).toEqual({ message: expect.any(String) });
    } finally {
      delete process.env.AWS_LAMBDA_FUNCTION_NAME;
    }
  });

  it('names the problem for bad input with a 400', async () => {
    const client = api().client();
    const cases: [unknown, string][] = [
      [{ userId: 'abcdefgh', password: 'long-enough', confirm_password: 'long-enough' }, 'Unable to process: No valid reset token'],
      [{ token: 'x'.repeat(43), userId: '  ', password: 'long-enough', confirm_password: 'long-enough' }, 'Unable to process: No valid user id'],
      [{ token: 'x'.repeat(43), userId: 'abcdefgh', password: 'short', confirm_password: 'short' }, 'Password must be at least 8 characters'],
      [{ token: 'x'.repeat(43), userId: 'abcdefgh', password: 'p'.repeat(129), confirm_password: 'p'.repeat(129) }, 'Password must be at most 128 characters'],
      [{ token: 'x'.repeat(43), userId: 'abcdefgh', password: 'long-enough', confirm_password: 'long-enougH' }, 'Passwords do not match'],
    ];
    for (const [json, message] of cases) {
      const response = await client.request<{ message: string }>('POST', '/api/auth/resetPassword', { json });
      expect(response.status).toBe(400);
      expect(response.json.message).toContain(message);
    }
    const noEmail = await client.request<{ message: string }>('POST', '/api/auth/requestPasswordReset', { json: {} });
    expect(noEmail.status).toBe(400);
    expect(noEmail.json.message).toContain('Email is required');
    const badEmail = await client.request<{ message: string }>('POST', '/api/auth/requestPasswordReset', { json: { email: 'not-an-email' } });
    expect(badEmail.status).toBe(400);
  });
});

describe('password reset without mail and without returned links', () => {
  const api = useApi({ config: { rateLimits: roomy } });

  it('answers neutrally with no link at all', async () => {
    const { body } = await registerMember(api().client());
    const response = await requestReset(api().client(), body.email);
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ message: expect.any(String) });
  });
});

describe('password reset rate limit', () => {
  const api = useApi({
    config: {
      email: { returnLinks: true },
      rateLimits: { passwordReset: { max: 2, windowMinutes: 60 }, passwordResetPerEmail: { max: 5, windowMinutes: 60 } },
      ban: { threshold: 100, windowMinutes: 60, durationMinutes: 30 },
    },
  });

  it('answers 429 once one address has asked too often, as that address’s violation', async () => {
    inOneRateWindow(60);
    const client = api().client({ localAddress: '127.0.8.1' });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 3; attempt++) statuses.push((await requestReset(client, `someone.${attempt}@example.com`)).status);
    expect(statuses).toEqual([200, 200, 429]);
    expect(await listIpViolations('127.0.8.1', 'reset_password_limit')).toHaveLength(1);
  });

  it('never locks the owner out from another address, however often one address asks for their e-mail (targeted lockout)', async () => {
    inOneRateWindow(60);
    const { body, response } = await registerMember(api().client({ localAddress: '127.0.8.2' }));
    const userId = (response.json as { user: { id: string } }).user.id;
    const attacker = api().client({ localAddress: '127.0.8.3' });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 5; attempt++) statuses.push((await requestReset(attacker, body.email)).status);
    expect(statuses).toEqual([200, 200, 429, 429, 429]);

    const owner = await requestReset(api().client({ localAddress: '127.0.8.4' }), body.email);
    expect(owner.status).toBe(200);
    expect(owner.json.link).toContain('/reset-password?');
    expect(await listViolations(userId)).toEqual([]);
    expect(await listIpViolations('127.0.8.4')).toEqual([]);
  });

  it('still stops many addresses together from flooding one inbox, charging nobody', async () => {
    inOneRateWindow(60);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) statuses.push((await requestReset(api().client({ localAddress: `127.0.9.${attempt + 1}` }), 'flooded@example.com')).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    // The refused caller may be the owner: the e-mail's window is nobody's violation.
    expect(await listIpViolations('127.0.9.6')).toEqual([]);
  });
});

describe('password reset with e-mail on (SES)', () => {
  const ses = useSesMock('sent-1');
  const api = useApi({
    config: {
      appTitle: 'Meld Pilot',
      serverDomain: 'https://meld.example',
      email: { enabled: true, from: 'Meld <no-reply@meld.example>', region: 'eu-west-2' },
      rateLimits: roomy,
    },
  });

  it('mails the reset link from the configured address and never returns it', async () => {
    const { body } = await registerMember(api().client());
    ses.reset();
    ses.on(SendEmailCommand).resolves({ MessageId: 'sent-2' });
    const response = await requestReset(api().client(), body.email);
    expect(response.status).toBe(200);
    expect(response.json.link).toBeUndefined();

    const calls = ses.commandCalls(SendEmailCommand);
    expect(calls).toHaveLength(1);
    const input = calls[0]!.args[0].input;
    expect(input.FromEmailAddress).toBe('Meld <no-reply@meld.example>');
    expect(input.Destination?.ToAddresses).toEqual([body.email]);
    expect(input.Content?.Simple?.Subject?.Data).toBe('Reset your Meld Pilot password');
    const text = input.Content!.Simple!.Body!.Text!.Data!;
    const link = /https:\/\/meld\.example\/reset-password\?\S+/.exec(text)?.[0];
    expect(link).toBeDefined();
    expect(input.Content?.Simple?.Body?.Html?.Data).toContain('reset-password?');
    expect(await calls[0]!.thisValue.config.region()).toBe('eu-west-2');

    expect((await reset(api().client(), linkParts(link!))).status).toBe(200);
  });

  it('answers the same when SES refuses the mail, and registration still succeeds', async () => {
    ses.on(SendEmailCommand).rejects(Object.assign(new Error('Email address is not verified: someone@example.com'), { name: 'MessageRejected' }));
    const { body } = await registerMember(api().client());
    const response = await requestReset(api().client(), body.email);
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ message: expect.any(String) });
    expect(ses.commandCalls(SendEmailCommand)).toHaveLength(2);
  });

  it('mails nobody for an unknown e-mail and answers the same', async () => {
    const response = await requestReset(api().client(), 'unknown-person@example.com');
    expect(response.status).toBe(200);
    expect(response.json.link).toBeUndefined();
    expect(ses.commandCalls(SendEmailCommand)).toHaveLength(0);
  });
});
