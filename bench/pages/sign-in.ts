import type { Browser, BrowserContextOptions } from 'playwright-core';
import type { Credentials } from './stack.ts';

/** Signs in through the login page, as a member does, and answers the browser state with the session cookie. */
export async function signedInState(browser: Browser, baseUrl: string, who: Credentials): Promise<BrowserContextOptions['storageState']> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel('Email').fill(who.email);
    await page.getByLabel('Password', { exact: true }).fill(who.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL('**/today');
    return await context.storageState();
  } finally {
    await context.close();
  }
}
