import { ADMIN_MESSAGES } from '@meld/shared';
import { describe, expect, it } from 'vitest';
import type { SignupCodeRecord } from '../../store/signup-code-store.ts';
import { isUsableCode } from '../auth/registration.ts';
import { DomainError } from '../errors.ts';
import { accessCodeStatus, CODE_ALPHABET, createAccessCode, generateAccessCode } from './access-codes.ts';

const now = new Date('2026-05-01T12:00:00.000Z');
const code = (overrides: Partial<SignupCodeRecord> = {}): SignupCodeRecord => ({ code: 'PILOT-A', active: true, maxUses: 3, uses: 0, createdAt: '2026-04-01T00:00:00.000Z', ...overrides });

describe('an access code’s status', () => {
  it('is revoked before expired, expired before used up, and active otherwise', () => {
    const past = '2026-05-01T11:59:59.000Z';
    expect(accessCodeStatus(code({ active: false, revokedAt: past, expiresAt: past, uses: 3 }), now)).toBe('revoked');
    expect(accessCodeStatus(code({ expiresAt: past, uses: 3 }), now)).toBe('expired');
    expect(accessCodeStatus(code({ uses: 3 }), now)).toBe('used up');
    expect(accessCodeStatus(code({ uses: 2, expiresAt: '2026-05-01T12:00:01.000Z' }), now)).toBe('active');
    expect(accessCodeStatus(code({ maxUses: null, uses: 10_000, expiresAt: null }), now)).toBe('active');
  });

  it('counts a code as expired from the instant of its expiry, and only an active one opens registration', () => {
    expect(accessCodeStatus(code({ expiresAt: now.toISOString() }), now)).toBe('expired');
    expect(isUsableCode(code({ expiresAt: now.toISOString() }), now)).toBe(false);
    expect(isUsableCode(code({ revokedAt: '2026-04-02T00:00:00.000Z', active: false }), now)).toBe(false);
    expect(isUsableCode(code(), now)).toBe(true);
    expect(isUsableCode(undefined, now)).toBe(false);
  });
});

describe('creating an access code', () => {
  it('generates PILOT- and six characters without look-alikes', () => {
    const drawn = Array.from({ length: 200 }, generateAccessCode);
    for (const value of drawn) expect(value).toMatch(/^PILOT-[A-HJKMNP-Z2-9]{6}$/);
    expect(CODE_ALPHABET).not.toMatch(/[01OIL]/);
    expect(new Set(drawn).size).toBeGreaterThan(195);
  });

  it('draws a generated code again when it collides, but answers 409 on the code field for the admin’s own', async () => {
    const taken = new Set(['PILOT-MINE']);
    let attempts = 0;
    const deps = {
      createSignupCode: async (record: SignupCodeRecord) => {
        attempts += 1;
        return attempts > 2 && !taken.has(record.code);
      },
    };
    const generated = await createAccessCode({ code: undefined, maxUses: null, expiresAt: null }, 'admin-1', deps, now);
    expect(attempts).toBe(3);
    expect(generated).toMatchObject({ status: 'active', uses: 0, maxUses: null, expiresAt: null, revokedAt: null, createdAt: now.toISOString() });
    const refused = createAccessCode({ code: 'PILOT-MINE', maxUses: 1, expiresAt: null }, 'admin-1', deps, now);
    await expect(refused).rejects.toThrow(DomainError);
    await expect(refused).rejects.toMatchObject({ kind: 'conflict', message: ADMIN_MESSAGES.codeTaken, field: 'code' });
  });

  it('refuses an expiry that is not in the future, naming expiresAt', async () => {
    const deps = { createSignupCode: async () => true };
    await expect(createAccessCode({ code: 'PILOT-LATE', maxUses: null, expiresAt: now.toISOString() }, 'admin-1', deps, now)).rejects.toMatchObject({ kind: 'invalid', field: 'expiresAt' });
  });
});
