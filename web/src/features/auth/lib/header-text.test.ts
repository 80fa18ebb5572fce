import { describe, expect, it } from 'vitest';
import { authHeaderKey, showsSocialLogin } from './header-text.ts';

describe('auth header per path', () => {
  it.each([
    ['/login', 'login'],
    ['/register', 'register'],
    ['/forgot-password', 'reset'],
    ['/reset-password', 'reset'],
    ['/login/2fa', 'twoFactor'],
    ['/mentors/signup', 'mentorSignup'],
    ['/login/', 'login'],
  ])('%s shows the %s header', (path, key) => {
    expect(authHeaderKey(path)).toBe(key);
  });

  it('shows social sign-in on login and register only', () => {
    expect(showsSocialLogin('/login')).toBe(true);
    expect(showsSocialLogin('/register')).toBe(true);
    expect(showsSocialLogin('/login/2fa')).toBe(false);
    expect(showsSocialLogin('/forgot-password')).toBe(false);
  });
});
