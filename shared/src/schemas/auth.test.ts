import { describe, expect, it } from 'vitest';
import { loginBody, registerBody, validateSignupCodeBody } from './auth.ts';

const valid = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  password: 'analytical',
  confirm_password: 'analytical',
  whyHere: 'goal,transition',
  lifeArena: 'career,Building a studio',
  identitySegment: 'stem',
  currentBlock: 'time',
};

function firstMessage(input: unknown): string | undefined {
  const result = registerBody.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('registration payload', () => {
  it('accepts a complete sign-up with optional details left out', () => {
    expect(registerBody.safeParse(valid).success).toBe(true);
  });

  it('uses the wizard wording for each rule', () => {
    expect(firstMessage({ ...valid, name: '  ' })).toBe('Name is required');
    expect(firstMessage({ ...valid, name: undefined })).toBe('Name is required');
    expect(firstMessage({ ...valid, email: '' })).toBe('Email is required');
    expect(firstMessage({ ...valid, email: 'not-an-email' })).toBe('Please enter a valid email');
    expect(firstMessage({ ...valid, password: '', confirm_password: '' })).toBe('Password is required');
    expect(firstMessage({ ...valid, password: 'short', confirm_password: 'short' })).toBe('Password must be at least 8 characters');
    expect(firstMessage({ ...valid, confirm_password: '' })).toBe('Please confirm your password');
    expect(firstMessage({ ...valid, confirm_password: 'different!' })).toBe('Passwords do not match');
  });

  it('enforces the spec limits on e-mail and password length', () => {
    expect(firstMessage({ ...valid, email: `${'a'.repeat(115)}@x.com` })).toMatch(/at most 120/);
    const long = 'p'.repeat(129);
    expect(firstMessage({ ...valid, password: long, confirm_password: long })).toMatch(/at most 128/);
  });

  it('rejects unknown reasons for being here, which has no free-text option', () => {
    expect(firstMessage({ ...valid, whyHere: 'goal,world-domination' })).toMatch(/must be chosen from/);
  });

  it('rejects a birthday that is not a real day', () => {
    expect(firstMessage({ ...valid, birthday: '2001-02-30' })).toMatch(/real calendar day/);
    expect(registerBody.safeParse({ ...valid, birthday: '' }).success).toBe(true);
  });
});

describe('login and signup code payloads', () => {
  it('requires an e-mail and a password of 8 to 128 characters', () => {
    expect(loginBody.safeParse({ email: 'a@b.co', password: 'x'.repeat(8) }).success).toBe(true);
    expect(loginBody.safeParse({ email: 'a@b.co', password: 'x'.repeat(7) }).success).toBe(false);
  });

  it('trims and upper-cases signup codes and rejects blank ones', () => {
    expect(validateSignupCodeBody.parse({ signupCode: '  pilot-abc ' }).signupCode).toBe('PILOT-ABC');
    expect(validateSignupCodeBody.safeParse({ signupCode: '   ' }).success).toBe(false);
  });
});
