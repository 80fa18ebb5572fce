import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from './support/app.ts';
import { launchBrowser, type Browser } from './support/browser.ts';
import { signUpAndSignIn, type Member } from './support/member.ts';

const SHOTS = new URL('../test-results/e2e/', import.meta.url).pathname;
const TERMS_TITLE = 'Meld pilot terms';
const TERMS_TEXT = [
  '## What the pilot is',
  'Meld is a **pilot**: features change as we learn, and some days things will break.',
  '## Your reflections',
  '- What you write stays yours; we never sell it.',
  '- The coach is an AI model, not a therapist. In a crisis, call your local emergency number.',
  '## Leaving',
  'You can delete your account and everything in it from Settings at any time.',
].join('\n\n');

let app: RunningApp;
let browser: Browser;
let page: Page;
let member: Member;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  const config = JSON.parse(readFileSync(new URL('../meld.config.json', import.meta.url), 'utf8')) as Record<string, unknown>;
  const configFile = join(tmpdir(), `meld-e2e-terms-${process.pid}.json`);
  writeFileSync(configFile, JSON.stringify({ ...config, terms: { required: true, modalTitle: TERMS_TITLE, text: TERMS_TEXT } }));
  app = await startApp({ MELD_SIGNUP_CODES: 'PILOT-E2E', MELD_CONFIG_FILE: configFile });
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const termsDialog = () => page.getByRole('dialog', { name: TERMS_TITLE });

async function signIn() {
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL('**/today');
}

describe('terms that must be accepted', () => {
  it('hold a new member at the dialog: Escape and clicks outside keep it, Decline signs out to /login?redirect=false', async () => {
    member = await signUpAndSignIn(page, app.baseUrl, 'PILOT-E2E', 'Lena Park');
    await termsDialog().waitFor();
    await termsDialog().getByRole('heading', { name: 'Your reflections' }).waitFor();
    await page.screenshot({ path: `${SHOTS}terms-modal-1280.png` });

    await page.keyboard.press('Escape');
    await page.mouse.click(12, 12);
    await page.waitForTimeout(300);
    expect(await termsDialog().isVisible()).toBe(true);
    expect(await termsDialog().getByRole('button', { name: 'Close' }).count()).toBe(0);

    // The login page may tidy its address afterwards, so every URL the page passes through counts.
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(frame.url());
    });
    await termsDialog().getByRole('button', { name: 'Decline' }).click();
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    expect(visited).toContain(`${app.baseUrl}/login?redirect=false`);
    expect(await termsDialog().count()).toBe(0);
    // Signed out for real: the refresh cookie is gone, so the app sends a visitor back to /login.
    await page.goto(`${app.baseUrl}/today`);
    await page.waitForURL('**/login');
  });

  it('ask again at the next sign-in; once accepted the dialog is gone, also after a reload', async () => {
    await signIn();
    await termsDialog().waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}terms-modal-390.png` });
    await page.setViewportSize({ width: 1280, height: 860 });

    await termsDialog().getByRole('button', { name: 'I accept' }).click();
    await termsDialog().waitFor({ state: 'detached' });

    const termsRead = page.waitForResponse((response) => response.url().endsWith('/api/user/terms'));
    await page.reload();
    const terms = (await (await termsRead).json()) as { termsAccepted: boolean; termsAcceptedAt: string };
    expect(terms.termsAccepted).toBe(true);
    expect(Date.parse(terms.termsAcceptedAt)).toBeGreaterThan(Date.now() - 5 * 60_000);
    await page.waitForTimeout(500);
    expect(await termsDialog().count()).toBe(0);
    expect(page.url()).toBe(`${app.baseUrl}/today`);
  });
});

describe('the generic error page', () => {
  it('shows a page that failed to load, with the stack, and downloads the error log', async () => {
    // A deploy that replaced the page's code while the tab was open: its chunk no longer loads.
    await page.route(/\/assets\/wins-route-[^/]+\.js$/, (route) => route.abort());
    await page.goto(`${app.baseUrl}/library/wins-vault`);
    await page.getByRole('heading', { name: 'Something went wrong' }).waitFor();
    await page.getByText('Stack trace', { exact: true }).click();
    await page.screenshot({ path: `${SHOTS}error-page-1280.png`, fullPage: true });

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download error log' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^error-log-.+\.json$/);
    const log = JSON.parse(readFileSync(await download.path(), 'utf8')) as { browser: Record<string, unknown>; error: { message: string; stack: string | null } };
    expect(log.browser).toMatchObject({ userAgent: expect.stringContaining('Chrome'), windowSize: { width: 1280, height: 860 } });
    expect(log.browser.platformVersion).toEqual(expect.any(String));
    expect(log.error.message).toMatch(/dynamically imported module|Importing a module script failed/);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}error-page-390.png`, fullPage: true });
  });
});
