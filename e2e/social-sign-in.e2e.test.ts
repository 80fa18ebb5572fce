import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOidcProvider, type FakeOidcProvider } from '../functions/src/auth-providers/__fakes__/oidc-provider.ts';
import { startApp, type RunningApp } from './support/app.ts';
import { launchBrowser, type Browser } from './support/browser.ts';

const SHOTS = new URL('../test-results/e2e/', import.meta.url).pathname;
const repoConfig = JSON.parse(readFileSync(new URL('../meld.config.json', import.meta.url), 'utf8')) as Record<string, unknown>;

let provider: FakeOidcProvider;
let app: RunningApp;
let browser: Browser;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  provider = await startFakeOidcProvider();
  // The repo's own config, with Google and the local provider as OpenID: the app finds the issuer by discovery.
  const configFile = join(mkdtempSync(join(tmpdir(), 'meld-social-e2e-')), 'meld.config.json');
  const social = {
    enabled: true,
    order: ['openid', 'google'],
    providers: { openid: true, google: true },
    issuer: { url: provider.url, clientId: provider.clientId },
  };
  writeFileSync(configFile, JSON.stringify({ ...repoConfig, social }));
  app = await startApp({ MELD_CONFIG_FILE: configFile, MELD_SIGNUP_CODES: 'PILOT-E2E' });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await provider?.stop();
});

const person = { name: 'Grace Hopper', email: `grace.${Date.now()}@example.com` };

/** At the provider's own page: who signs in. */
async function signInAtProvider(page: Page) {
  await page.getByRole('heading', { name: 'Local OpenID provider' }).waitFor();
  await page.getByLabel('E-mail', { exact: true }).fill(person.email);
  await page.getByLabel('Name', { exact: true }).fill(person.name);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The signed-in user as the server sees them, through the page's own cookies. */
async function currentUserId(page: Page): Promise<string> {
  const response = await page.request.post(`${app.baseUrl}/api/auth/refresh`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { user: { id: string } }).user.id;
}

describe('social sign-in through a local OpenID provider', () => {
  it('shows the providers on the login page, at desktop and phone width', async () => {
    for (const width of [1280, 390]) {
      const page = await browser.newPage({ viewport: { width, height: width > 500 ? 900 : 844 } });
      await page.goto(`${app.baseUrl}/login`);
      const buttons = page.getByRole('link', { name: /Continue with/ });
      await buttons.first().waitFor();
      expect(await buttons.allTextContents()).toEqual(['Continue with OpenID', 'Continue with Google']);
      await page.screenshot({ path: `${SHOTS}social-login-${width}.png`, fullPage: true });
      await page.close();
    }
  });

  it('sends a newcomer without a pilot code back to the login page with the reason', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${app.baseUrl}/login`);
    await page.getByRole('link', { name: 'Continue with OpenID' }).click();
    await signInAtProvider(page);
    await page.waitForURL((url) => url.pathname === '/login' && url.search === '');
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('Enter your pilot access code on Sign up first');
    await page.screenshot({ path: `${SHOTS}social-login-refused.png` });
    await page.close();
  });

  it('signs a new member up with the pilot code, out, and in again as the same user', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${app.baseUrl}/welcome`);
    await page.getByLabel('Pilot access code').pressSequentially('pilot-e2e');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/register');

    await page.getByRole('link', { name: 'Continue with OpenID' }).click();
    await signInAtProvider(page);
    await page.waitForURL('**/today');
    const accountMenu = page.getByRole('button', { name: `Account menu for ${person.name}` });
    await accountMenu.waitFor();
    const firstId = await currentUserId(page);

    await accountMenu.click();
    await page.getByRole('menuitem', { name: 'Sign out' }).or(page.getByRole('button', { name: 'Sign out' })).click();
    await page.waitForURL('**/login');

    await page.getByRole('link', { name: 'Continue with OpenID' }).click();
    await signInAtProvider(page);
    await page.waitForURL('**/today');
    await accountMenu.waitFor();
    expect(await currentUserId(page)).toBe(firstId);
    await page.close();
  });
});
