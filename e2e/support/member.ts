import type { Page } from 'playwright-core';

export interface Member {
  name: string;
  email: string;
  password: string;
}

/**
 * Registers a fresh member through the API and signs them in with {@link signIn}. Tests about
 * registering or signing in drive those pages themselves (signup-and-signin, two-factor, …).
 */
export async function signUpAndSignIn(page: Page, baseUrl: string, signupCode: string, name = 'Nia Brooks'): Promise<Member> {
  const member = { name, email: `nia.${Date.now()}.${Math.random().toString(36).slice(2, 7)}@example.com`, password: 'organised-mind-1' };
  const response = await fetch(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      ...member,
      confirm_password: member.password,
      signup_code: signupCode,
      whyHere: 'goal',
      lifeArena: 'career',
      identitySegment: 'corporate',
      currentBlock: 'time',
    }),
  });
  if (response.status !== 201) throw new Error(`Registration failed: ${response.status} ${await response.text()}`);
  await signIn(page, baseUrl, member);
  return member;
}

/**
 * Signs in through the API and hands the session cookie to the page's browser context, then opens
 * /today as the login page would: the app restores the session from that cookie as it does on any
 * reload. Returns the access token for API calls as the same person.
 */
export async function signIn(page: Page, baseUrl: string, credentials: { email: string; password: string }): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  if (response.status !== 200) throw new Error(`Sign-in failed: ${response.status} ${await response.text()}`);
  const { token } = (await response.json()) as { token?: string };
  if (!token) throw new Error('Sign-in asked for a second step: sign in through the page in tests of two-factor accounts');
  await page.context().addCookies(response.headers.getSetCookie().map((header) => browserCookie(header, baseUrl)));
  // The app trades the cookie for a new one as it loads. Leaving before that answer arrives would
  // leave the browser holding the spent cookie, which the server then refuses as a replay.
  const restored = page.waitForResponse((answer) => answer.url() === `${baseUrl}/api/auth/refresh`);
  await page.goto(`${baseUrl}/today`);
  if ((await restored).status() !== 200) throw new Error('The app could not restore the session from the handed-over cookie');
  await page.waitForURL('**/today');
  return token;
}

/** A Set-Cookie header as Playwright's cookie, for the app's host. */
function browserCookie(header: string, baseUrl: string) {
  const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
  const separator = pair.indexOf('=');
  const attribute = (name: string) => attributes.find((part) => part.toLowerCase().startsWith(name.toLowerCase()));
  const sameSite = attribute('SameSite=')?.split('=')[1]?.toLowerCase();
  const maxAge = Number(attribute('Max-Age=')?.split('=')[1]);
  return {
    name: pair.slice(0, separator),
    value: pair.slice(separator + 1),
    domain: new URL(baseUrl).hostname,
    path: attribute('Path=')?.split('=')[1] ?? '/',
    httpOnly: attribute('HttpOnly') !== undefined,
    secure: attribute('Secure') !== undefined,
    sameSite: sameSite === 'strict' ? ('Strict' as const) : sameSite === 'none' ? ('None' as const) : ('Lax' as const),
    ...(Number.isFinite(maxAge) ? { expires: Math.floor(Date.now() / 1000) + maxAge } : {}),
  };
}
