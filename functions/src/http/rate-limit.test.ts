import { parseAppConfig } from '@meld/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../domain/errors.ts';
import { startTestStack } from '../local/test-stack.ts';
import { putBan } from '../store/ban-store.ts';
import { createUser, type UserRecord } from '../store/user-store.ts';
import { listIpViolations, listViolations } from '../store/violation-store.ts';
import { HttpError } from './errors.ts';
import { enforceRateLimit } from './rate-limit.ts';

let stack: Awaited<ReturnType<typeof startTestStack>>;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(() => stack.stop());

const config = (ban: object = {}) =>
  parseAppConfig({
    rateLimits: { login: { max: 10, windowMinutes: 5 }, import: { max: 1, windowMinutes: 5 }, passwordReset: { max: 1, windowMinutes: 5 }, verifyEmail: { max: 1, windowMinutes: 5 } },
    ban: { threshold: 3, windowMinutes: 60, durationMinutes: 30, ...ban },
  });
// The start of a five-minute window, so every hit of a test lands in the same one.
const t0 = Math.ceil(Date.now() / 300_000) * 300_000;
const outcome = (promise: Promise<unknown>) =>
  promise.then(
    () => 'passed',
    (error: unknown) => (error instanceof HttpError || error instanceof DomainError ? error.code : error),
  );

async function newUser(id: string): Promise<string> {
  const at = new Date(t0).toISOString();
  const user: UserRecord = {
    id, name: 'Ida', username: id, email: `${id}@example.com`, passwordHash: null, role: 'USER', provider: 'local', emailVerified: true, twoFactorEnabled: false,
    termsAccepted: false, avatar: null, profile: {} as UserRecord['profile'], signupCode: null, createdAt: at, updatedAt: at, lastLogin: null,
  };
  await createUser(user);
  return id;
}

describe('enforceRateLimit', () => {
  it('lets exactly max of 30 concurrent attempts through and refuses the rest with 429 and Retry-After', async () => {
    const attempts = await Promise.all(
      Array.from({ length: 30 }, () => outcome(enforceRateLimit(config({ enabled: false }), 'login', 'email#race@example.com', t0, { ip: '198.51.100.1' }))),
    );
    expect(attempts.filter((result) => result === 'passed')).toHaveLength(10);
    expect(attempts.filter((result) => result === 'RATE_LIMITED')).toHaveLength(20);
    const refused = await enforceRateLimit(config({ enabled: false }), 'login', 'email#race@example.com', t0 + 60_000, { ip: '198.51.100.1' }).catch((error: unknown) => error);
    expect(refused).toMatchObject({ status: 429, headers: { 'retry-after': '240' } });
  });

  it('counts afresh in the next window, whatever the old window item still says', async () => {
    for (let i = 0; i < 10; i++) await enforceRateLimit(config(), 'login', 'email#windows@example.com', t0, { ip: '198.51.100.2' });
    await expect(outcome(enforceRateLimit(config(), 'login', 'email#windows@example.com', t0, { ip: '198.51.100.2' }))).resolves.toBe('RATE_LIMITED');
    await expect(outcome(enforceRateLimit(config(), 'login', 'email#windows@example.com', t0 + 300_000, { ip: '198.51.100.2' }))).resolves.toBe('passed');
  });

  it('records a refused login of an unknown caller against its IP address', async () => {
    for (let i = 0; i < 11; i++) await outcome(enforceRateLimit(config(), 'login', 'email#nobody@example.com', t0, { ip: '198.51.100.3' }));
    expect(await listIpViolations('198.51.100.3')).toEqual([
      { type: 'login_limit', at: new Date(t0).toISOString(), details: { limit: 'login', max: 10, windowMinutes: 5 } },
    ]);
  });

  it('records password-reset and verification limits as their spec types, and a signed-in user’s against the account', async () => {
    const userId = await newUser('u-limits-1');
    for (let i = 0; i < 2; i++) await outcome(enforceRateLimit(config(), 'passwordReset', 'ip#198.51.100.4', t0, { ip: '198.51.100.4' }));
    for (let i = 0; i < 2; i++) await outcome(enforceRateLimit(config(), 'verifyEmail', 'ip#198.51.100.4', t0, { ip: '198.51.100.4' }));
    for (let i = 0; i < 2; i++) await outcome(enforceRateLimit(config(), 'import', userId, t0, { ip: '198.51.100.5', userId }));
    expect((await listIpViolations('198.51.100.4')).map((violation) => violation.type).sort()).toEqual(['reset_password_limit', 'verify_email_limit']);
    expect(await listViolations(userId)).toEqual([{ type: 'rate_limit', at: new Date(t0).toISOString(), details: { limit: 'import', max: 1, windowMinutes: 5 } }]);
    expect(await listIpViolations('198.51.100.5')).toEqual([]);
  });
});

describe('bans', () => {
  it('bans an IP address at the threshold, records the ban, and refuses it with 403 BANNED before counting', async () => {
    const ip = '203.0.113.10';
    const attempt = (at = t0) => outcome(enforceRateLimit(config(), 'passwordReset', `ip#${ip}`, at, { ip }));
    expect([await attempt(), await attempt(), await attempt(), await attempt()]).toEqual(['passed', 'RATE_LIMITED', 'RATE_LIMITED', 'RATE_LIMITED']);
    expect(await attempt()).toBe('BANNED');
    // Another limit, another window: still banned until the 30 minutes are over.
    expect(await outcome(enforceRateLimit(config(), 'login', `ip#${ip}`, t0 + 29 * 60_000, { ip }))).toBe('BANNED');
    expect(await outcome(enforceRateLimit(config(), 'login', `ip#${ip}`, t0 + 30 * 60_000, { ip }))).toBe('passed');
    const bans = await listIpViolations(ip, 'ban');
    expect(bans).toEqual([
      { type: 'ban', at: new Date(t0).toISOString(), details: { cause: 'reset_password_limit', violations: 3, until: new Date(t0 + 30 * 60_000).toISOString(), durationMinutes: 30 } },
    ]);
  });

  it('bans one IP address once however many concurrent violations reach the threshold', async () => {
    const ip = '203.0.113.11';
    await Promise.all(Array.from({ length: 8 }, () => outcome(enforceRateLimit(config({ threshold: 5 }), 'passwordReset', `ip#${ip}`, t0, { ip }))));
    expect(await listIpViolations(ip, 'reset_password_limit')).toHaveLength(7);
    expect(await listIpViolations(ip, 'ban')).toHaveLength(1);
  });

  it('bans the account and its IP address when the account offends, and refuses a request naming it', async () => {
    const userId = await newUser('u-limits-2');
    const ip = '203.0.113.12';
    for (let i = 0; i < 4; i++) await outcome(enforceRateLimit(config(), 'import', userId, t0, { ip, userId }));
    expect(await listViolations(userId, 'ban')).toHaveLength(1);
    expect(await outcome(enforceRateLimit(config(), 'login', `ip#${ip}`, t0, { ip }))).toBe('BANNED');
    expect(await outcome(enforceRateLimit(config(), 'twoFactor', userId, t0, { ip: '203.0.113.13', userId }))).toBe('BANNED');
  });

  it('never bans while bans are off', async () => {
    const ip = '203.0.113.14';
    for (let i = 0; i < 6; i++) await outcome(enforceRateLimit(config({ enabled: false }), 'passwordReset', `ip#${ip}`, t0, { ip }));
    expect(await listIpViolations(ip, 'reset_password_limit')).toHaveLength(5);
    expect(await listIpViolations(ip, 'ban')).toEqual([]);
    expect(await outcome(enforceRateLimit(config(), 'login', `ip#${ip}`, t0, { ip }))).toBe('passed');
  });

  it('keeps the longer of two bans', async () => {
    const ip = '203.0.113.15';
    await putBan({ kind: 'ip', id: ip }, t0 + 60 * 60_000);
    await putBan({ kind: 'ip', id: ip }, t0 + 60_000);
    expect(await outcome(enforceRateLimit(config(), 'login', `ip#${ip}`, t0 + 30 * 60_000, { ip }))).toBe('BANNED');
  });
});
