import { ADMIN_MESSAGES, type AccessCode } from '@meld/shared';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { moveRequestClock, resetRequestClock } from '../../http/clock.ts';
import { keys } from '../../store/keys.ts';
import { consumeSignupCode, ensureSignupCode } from '../../store/signup-code-store.ts';
import { table } from '../../store/table.ts';
import { dbCalls, newMember, TEST_SIGNUP_CODE, useApi, type ApiClient } from '../api-test-kit.ts';
import { signUpAdmin, type AdminCall } from '../mentor-interview/interview-test-kit.ts';

// Every visitor comes from 127.0.0.1: the code check's per-address limit is raised here.
const api = useApi({ config: { rateLimits: { signupCode: { max: 1000, windowMinutes: 15 } } } });
let admin: AdminCall;

beforeAll(async () => {
  admin = await signUpAdmin(api().client());
});
afterEach(() => resetRequestClock());

let sequence = 0;
const uniqueCode = (prefix: string) => `${prefix}-${Date.now().toString(36).toUpperCase()}${(sequence += 1)}`;

async function createCode(json: Record<string, unknown>): Promise<AccessCode> {
  const created = await admin<AccessCode>('POST', '/api/admin/access-codes', json);
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  // The admin's profile and the conditional put.
  expect(dbCalls(created)).toBe(3);
  return created.json;
}

const validate = (client: ApiClient, signupCode: string) => client.request<{ valid: boolean; message: string }>('POST', '/api/auth/validate-signup-code', { json: { signupCode } });

/** The sign-up wizard's way: the code check sets the cookie, and the registration carries no code of its own. */
async function registerThroughCheck(code: string): Promise<{ checked: boolean; status: number }> {
  const client = api().client();
  const checked = (await validate(client, code)).json.valid;
  const { signup_code: _omit, ...body } = newMember();
  return { checked, status: (await client.request('POST', '/api/auth/register', { json: body })).status };
}

const register = (code: string) => api().client().request<{ code?: string }>('POST', '/api/auth/register', { json: newMember({ signup_code: code }) });

async function listed(code: string): Promise<AccessCode | undefined> {
  const list = await admin<AccessCode[]>('GET', '/api/admin/access-codes');
  expect(list.status).toBe(200);
  expect(dbCalls(list)).toBe(3);
  return list.json.find((entry) => entry.code === code);
}

describe('pilot access codes', () => {
  it('open registration to as many visitors as the cap allows, and the list counts the uses', async () => {
    const code = uniqueCode('COHORT');
    expect(await createCode({ code: code.toLowerCase(), maxUses: 1 })).toEqual({ code, status: 'active', uses: 0, maxUses: 1, expiresAt: null, createdAt: expect.any(String), revokedAt: null });

    expect(await registerThroughCheck(code)).toEqual({ checked: true, status: 201 });
    expect(await listed(code)).toMatchObject({ status: 'used up', uses: 1, maxUses: 1 });

    expect(await registerThroughCheck(code)).toEqual({ checked: false, status: 403 });
    const refused = await register(code);
    expect(refused.status).toBe(403);
    expect(refused.json.code).toBe('INVALID_SIGNUP_CODE');
    expect((await listed(code))?.uses).toBe(1);
  });

  it('stop opening registration once they expire', async () => {
    const expiresAt = new Date(Date.now() + 60 * 60_000).toISOString();
    const code = (await createCode({ code: uniqueCode('SPRING'), expiresAt })).code;
    expect((await validate(api().client(), code)).json.valid).toBe(true);

    moveRequestClock(new Date(Date.now() + 2 * 60 * 60_000));
    expect((await validate(api().client(), code)).json).toEqual({ valid: false, message: 'Invalid signup code' });
    expect((await register(code)).status).toBe(403);
    expect(await listed(code)).toMatchObject({ status: 'expired', uses: 0, expiresAt });
  });

  it('are not counted past their expiry even by a registration that checked the code just before', async () => {
    const code = (await createCode({ code: uniqueCode('RACE'), expiresAt: new Date(Date.now() + 60_000).toISOString() })).code;
    expect(await consumeSignupCode(code, new Date(Date.now() + 120_000))).toBe(false);
    expect(await consumeSignupCode(code, new Date())).toBe(true);
  });

  it('can be revoked, once, keeping their uses, and a revoked code opens nothing', async () => {
    const code = (await createCode({ code: uniqueCode('AUTUMN') })).code;
    expect((await register(code)).status).toBe(201);

    const revoked = await admin<AccessCode>('POST', `/api/admin/access-codes/${code.toLowerCase()}/revoke`);
    expect(revoked.status).toBe(200);
    expect(revoked.json).toMatchObject({ code, status: 'revoked', uses: 1, revokedAt: expect.any(String) });
    const again = await admin<AccessCode>('POST', `/api/admin/access-codes/${code}/revoke`);
    expect(again.status).toBe(200);
    expect(again.json).toEqual(revoked.json);
    expect([dbCalls(revoked), dbCalls(again)]).toEqual([3, 4]);

    expect(await registerThroughCheck(code)).toEqual({ checked: false, status: 403 });
    expect(await listed(code)).toMatchObject({ status: 'revoked', uses: 1 });
  });

  it('answers 404 when revoking a code that does not exist', async () => {
    const missing = await admin('POST', '/api/admin/access-codes/PILOT-NEVER/revoke');
    expect(missing.status).toBe(404);
    expect(missing.json.message).toBe(ADMIN_MESSAGES.codeNotFound);
  });

  it('are generated as PILOT- and six unambiguous characters when the admin leaves the code blank', async () => {
    for (const json of [{}, { code: '  ' }]) {
      const created = await createCode(json);
      expect(created.code).toMatch(/^PILOT-[A-HJKMNP-Z2-9]{6}$/);
      expect((await validate(api().client(), created.code)).json.valid).toBe(true);
    }
  });

  it('refuse a name already in use whatever its case, and an expiry in the past', async () => {
    const code = (await createCode({ code: uniqueCode('TWIN') })).code;
    for (const taken of [code, code.toLowerCase(), TEST_SIGNUP_CODE]) {
      const duplicate = await admin('POST', '/api/admin/access-codes', { code: taken });
      expect(duplicate.status).toBe(409);
      expect(duplicate.json).toMatchObject({ message: ADMIN_MESSAGES.codeTaken, field: 'code' });
    }
    const late = await admin('POST', '/api/admin/access-codes', { code: uniqueCode('LATE'), expiresAt: '2020-01-01T00:00:00Z' });
    expect(late.status).toBe(400);
    expect(late.json.field).toBe('expiresAt');
  });

  it('are listed newest first, the seeded ones included', async () => {
    const older = (await createCode({ code: uniqueCode('FIRST') })).code;
    const newer = (await createCode({ code: uniqueCode('SECOND'), maxUses: 10 })).code;
    const list = (await admin<AccessCode[]>('GET', '/api/admin/access-codes')).json;
    const order = list.map((entry) => entry.code);
    expect(order.indexOf(newer)).toBeLessThan(order.indexOf(older));
    expect(list.map((entry) => entry.createdAt)).toEqual([...list.map((entry) => entry.createdAt)].sort().reverse());
    expect(list.find((entry) => entry.code === TEST_SIGNUP_CODE)).toMatchObject({ status: 'active', maxUses: null });
  });

  it('written before the list existed are listed after the next seed, with their uses kept', async () => {
    const code = uniqueCode('LEGACY');
    await table.put({ ...keys.signupCode(code), entity: 'signupCode', code, active: true, maxUses: null, uses: 4, createdAt: '2025-01-01T00:00:00.000Z' });
    expect(await listed(code)).toBeUndefined();
    expect(await ensureSignupCode({ code, active: true, maxUses: null, uses: 0, createdAt: new Date().toISOString() })).toBe(false);
    expect(await listed(code)).toMatchObject({ status: 'active', uses: 4, createdAt: '2025-01-01T00:00:00.000Z' });
  });
});
