/** Header text per auth path (spec 001 section 2); null on paths without one. */
export type AuthHeaderKey = 'login' | 'register' | 'reset' | 'twoFactor' | 'mentorSignup';

export function authHeaderKey(pathname: string): AuthHeaderKey | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/login/2fa') return 'twoFactor';
  if (path === '/login') return 'login';
  if (path === '/register') return 'register';
  if (path === '/forgot-password' || path === '/reset-password') return 'reset';
  if (path === '/mentors/signup') return 'mentorSignup';
  return null;
}

/** Social sign-in appears on login and register only (not on two-factor). */
export function showsSocialLogin(pathname: string): boolean {
  const key = authHeaderKey(pathname);
  return key === 'login' || key === 'register';
}
