import { SIGNUP_CODE_COOKIE } from '@meld/shared';
import { SendEmailCommand } from '@aws-sdk/client-sesv2';
import { useSesMock } from '../../mail/ses-test-kit.ts';
import { describe, expect, it } from 'vitest';
import { createSignupCode, getSignupCode } from '../../store/signup-code-store.ts';
import { keys } from '../../store/keys.ts';
import { table } from '../../store/table.ts';
import { markEmailVerified } from '../../store/user-store.ts';
import { dbCalls, newMember, registerMember, useApi, TEST_SIGNUP_CODE } from '../api-test-kit.ts';

const api = useApi();

describe('POST /api/auth/register', () => {
  it('creates the account, signs the member in and sets an HttpOnly strict refresh cookie', async () => {
    const client = api().client();
    const body = newMember();
    const response = await client.request('POST', '/api/auth/register', { json: body });
    expect(response.status).toBe(201);
    const json = response.json as { token: string; user: Record<string, unknown> };
    expect(json.token).toMatch(/^ey/);
    expect(json.user).toMatchObject({ name: 'Maya Angelou', email: body.email, role: 'USER', provider: 'local' });
    expect(json.user).not.toHaveProperty('passwordHash');
    expect(json.user).not.toHaveProperty('signupCode');
    const refresh = response.setCookies.find((cookie) => cookie.startsWith('meld_refresh='));
    expect(refresh).toMatch(/HttpOnly/);
    expect(refresh).toMatch(/SameSite=Strict/);
    expect(refresh).toMatch(/Path=\/api\/auth/);
    expect(dbCalls(response)).toBe(8);
  });

  it('accepts the signup code from the cookie the code check set', async () => {
    const client = api().client();
    const check = await client.request('POST', '/api/auth/validate-signup-code', { json: { signupCode: TEST_SIGNUP_CODE.toLowerCase() } });
    expect(check.json).toEqual({ valid: true, message: 'Signup code accepted' });
    const { signup_code: _omit, ...body } = newMember();
    const response = await client.request('POST', '/api/auth/register', { json: body });
    expect(response.status).toBe(201);
    expect(response.setCookies.some((cookie) => cookie.startsWith(`${SIGNUP_CODE_COOKIE}=;`))).toBe(true);
  });

  it('refuses without a valid pilot code', async () => {
    const client = api().client();
    const { signup_code: _omit, ...withoutCode } = newMember();
    for (const body of [withoutCode, newMember({ signup_code: 'PILOT-NOPE' })]) {
      const response = await client.request('POST', '/api/auth/register', { json: body });
      expect(response.status).toBe(403);
      expect(response.json).toMatchObject({ code: 'INVALID_SIGNUP_CODE', message: 'A valid pilot access code is required to register.' });
    }
  });

  it('treats e-mail addresses as the same account whatever their case', async () => {
    const client = api().client();
    const { body } = await registerMember(client);
    const again = await client.request('POST', '/api/auth/register', { json: newMember({ email: body.email.toUpperCase() }) });
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ code: 'EMAIL_TAKEN', message: 'An account with this email already exists.', field: 'email' });
  });

  it('answers each broken rule with a 400 naming the field, in the wizard wording', async () => {
    const client = api().client();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '' }, 'name', 'Name is required'],
      [{ email: 'nope' }, 'email', 'Please enter a valid email'],
      [{ password: 'short', confirm_password: 'short' }, 'password', 'Password must be at least 8 characters'],
      [{ confirm_password: 'something-else' }, 'confirm_password', 'Passwords do not match'],
      [{ whyHere: '' }, 'whyHere', 'Choose at least one reason you are here'],
      [{ birthday: '1990-13-01' }, 'birthday', 'Date is not a real calendar day'],
      [{ birthday: '4 April 1990' }, 'birthday', 'Date must be in the form YYYY-MM-DD'],
    ];
    for (const [override, field, message] of cases) {
      const response = await client.request('POST', '/api/auth/register', { json: { ...newMember(), ...override } });
      expect(response.status, field).toBe(400);
      expect(response.json).toMatchObject({ code: 'VALIDATION_ERROR', field, message });
    }
  });
});

describe('registering a taken address while verification is required', () => {
  const ses = useSesMock();
  const api = useApi({
    config: { serverDomain: 'https://meld.example', email: { enabled: true, from: 'no-reply@meld.example', requireVerification: true }, rateLimits: { register: { max: 1000, windowMinutes: 60 } } },
  });
  type Answer = { user: Record<string, unknown>; message: string; token?: string };

  it('answers exactly like a new account, so no stranger learns the address has one; the owner is told by mail', async () => {
    const { body } = await registerMember(api().client());
    const fresh = await api().client().request<Answer>('POST', '/api/auth/register', { json: newMember() });
    ses.reset();
    ses.on(SendEmailCommand).resolves({ MessageId: 'sent' });
    const again = await api().client().request<Answer>('POST', '/api/auth/register', { json: newMember({ email: body.email.toUpperCase(), password: 'someone-elses-1', confirm_password: 'someone-elses-1' }) });

    expect(again.status).toBe(fresh.status);
    expect(again.status).toBe(201);
    expect(again.json.message).toBe(fresh.json.message);
    expect(Object.keys(again.json).sort()).toEqual(Object.keys(fresh.json).sort());
    expect(Object.keys(again.json.user).sort()).toEqual(Object.keys(fresh.json.user).sort());
    expect(again.json.token).toBeUndefined();
    expect(again.setCookies.some((cookie) => /^meld_refresh=[^;]/.test(cookie))).toBe(false);

    const [mail] = ses.commandCalls(SendEmailCommand);
    expect(mail?.args[0].input.Destination?.ToAddresses).toEqual([body.email]);
    expect(mail?.args[0].input.Content?.Simple?.Subject?.Data).toMatch(/Someone tried to sign up/);
  });

  it('answers the attempt\'s sign-in as a new account\'s ("verify your address"), and leaves the owner\'s account as it was', async () => {
    // Issue 21, second audit: the login after a registration told a free address (422) from a taken one (401).
    const { body: owner, response } = await registerMember(api().client());
    await markEmailVerified((response.json as { user: { id: string } }).user.id, new Date().toISOString());
    const stranger = newMember();
    await api().client().request('POST', '/api/auth/register', { json: stranger });
    const attempt = newMember({ email: owner.email, password: 'someone-elses-1', confirm_password: 'someone-elses-1' });
    expect((await api().client().request('POST', '/api/auth/register', { json: attempt })).status).toBe(201);

    const login = (email: string, password: string) => api().client().request('POST', '/api/auth/login', { json: { email, password } });
    const free = await login(stranger.email, stranger.password);
    const taken = await login(owner.email, 'someone-elses-1');
    expect(taken.status).toBe(422);
    expect(taken.json).toEqual(free.json);
    // The owner signs in with their own password, as before; a wrong one is still wrong.
    expect((await login(owner.email, owner.password)).status).toBe(200);
    expect((await login(owner.email, 'not-anyones-pass-1')).status).toBe(401);
  });

  it('lets an owner who registers again with their own password still sign in (the attempt is checked after their password)', async () => {
    // Issue 21, a later review: the attempt was checked first, so its owner's own password answered 422 for 24 hours.
    const { body: owner, response } = await registerMember(api().client());
    await markEmailVerified((response.json as { user: { id: string } }).user.id, new Date().toISOString());
    expect((await api().client().request('POST', '/api/auth/register', { json: newMember({ email: owner.email, password: owner.password, confirm_password: owner.password }) })).status).toBe(201);
    const signIn = await api().client().request('POST', '/api/auth/login', { json: { email: owner.email, password: owner.password } });
    expect(signIn.status).toBe(200);
    expect(signIn.json).toHaveProperty('token');
  });

  it('keeps one attempt per address, the newest: it answers as a new account, the one it replaced no longer does', async () => {
    const { body: owner, response } = await registerMember(api().client());
    await markEmailVerified((response.json as { user: { id: string } }).user.id, new Date().toISOString());
    const stranger = newMember();
    await api().client().request('POST', '/api/auth/register', { json: stranger });
    for (const password of ['first-attempt-1', 'second-attempt-2']) {
      expect((await api().client().request('POST', '/api/auth/register', { json: newMember({ email: owner.email, password, confirm_password: password }) })).status).toBe(201);
    }
    const { items } = await table.query({
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)',
      ExpressionAttributeValues: { ':pk': keys.registrationAttempt(owner.email).pk, ':sk': 'REGISTRATION_ATTEMPT' },
    });
    expect(items).toHaveLength(1);

    const login = (email: string, password: string) => api().client().request('POST', '/api/auth/login', { json: { email, password } });
    const free = await login(stranger.email, stranger.password);
    const newest = await login(owner.email, 'second-attempt-2');
    expect(newest.status).toBe(422);
    expect(newest.json).toEqual(free.json);
    expect((await login(owner.email, 'first-attempt-1')).status).toBe(401);
    expect((await login(owner.email, owner.password)).status).toBe(200);
  });

  it('uses up a limited code for a taken address too, so a code\'s uses do not tell a free address from a taken one', async () => {
    const { body: owner } = await registerMember(api().client());
    const code = `TWO-USES-${Date.now()}`;
    await createSignupCode({ code, active: true, maxUses: 2, uses: 0, createdAt: new Date().toISOString() });
    const register = (email: string) => api().client().request('POST', '/api/auth/register', { json: newMember({ email, signup_code: code }) });
    expect((await register(owner.email)).status).toBe(201);
    expect((await getSignupCode(code))?.uses).toBe(1);
    expect((await register(newMember().email)).status).toBe(201);
    expect((await getSignupCode(code))?.uses).toBe(2);
  });
});
