import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-error.ts';
import { loginErrorKind } from './login-error.ts';

const status = (code: number) => new ApiError(code, { message: 'x' });

describe('loginErrorKind', () => {
  it.each([
    [429, 'rateLimited'],
    [403, 'banned'],
    [500, 'server'],
    [502, 'server'],
    [422, 'unverified'],
    [401, 'invalid'],
    [400, 'invalid'],
  ])('maps %i to %s', (code, kind) => {
    expect(loginErrorKind(status(code))).toBe(kind);
  });

  it('recognises a network failure', () => {
    expect(loginErrorKind(new ApiError(0, {}))).toBe('network');
  });
});
