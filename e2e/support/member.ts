import type { Page } from 'playwright-core';

export interface Member {
  name: string;
  email: string;
  password: string;
}

/** Registers through the API (the wizard has its own test) and signs in through the page. */
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
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL('**/today');
  return member;
}
