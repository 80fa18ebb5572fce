import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from './support/app.ts';
import { launchBrowser, type Browser } from './support/browser.ts';
import { signUpAndSignIn } from './support/member.ts';

const SHOTS = new URL('../test-results/e2e/', import.meta.url).pathname;

let app: RunningApp;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  app = await startApp({ MELD_SIGNUP_CODES: 'PILOT-E2E' });
  browser = await launchBrowser();
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signUpAndSignIn(page, app.baseUrl, 'PILOT-E2E', 'Ama Mensah');
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe('the prompt library', () => {
  it('creates a prompt with a variable on the Prompts page, reached from the sidebar', async () => {
    await page.getByRole('link', { name: 'Prompts' }).click();
    await page.waitForURL('**/prompts');
    await page.getByRole('link', { name: 'New prompt' }).click();
    await page.getByLabel('Name').fill('Weekly update');
    await page.getByLabel(/One-liner/).fill('A short note for my team');
    await page.getByLabel(/^Category/).selectOption('write');
    await page.getByLabel(/Command/).fill('Weekly Update');
    // Typed capitals and spaces become the command's lower case and hyphens.
    await expect.poll(() => page.getByLabel(/Command/).inputValue()).toBe('weekly-update');
    await page.getByLabel('Prompt', { exact: true }).fill('Write a warm weekly update for {{team}} about what we shipped.');
    await expect.poll(() => page.getByText('1 variable').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Create prompt' }).click();
    await page.waitForURL(/\/prompts\/(?!new)[\w-]+$/);
    await expect.poll(() => page.getByRole('heading', { name: 'Weekly update', level: 2 }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Version 1').isVisible()).toBe(true);
    await page.screenshot({ path: `${SHOTS}prompts-page.png`, fullPage: true });
  });

  it('inserts it in a new chat through the slash command, its variable filled in the dialog, and sends it', async () => {
    await page.goto(`${app.baseUrl}/c/new`);
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.click();
    await box.pressSequentially('/weekly');
    const option = page.getByRole('option', { name: /weekly-update/ });
    await option.waitFor();
    await page.screenshot({ path: `${SHOTS}prompts-slash-command.png` });
    await box.press('Enter');

    const dialog = page.getByRole('dialog', { name: 'Weekly update' });
    await dialog.waitFor();
    // Every variable is required.
    await dialog.getByRole('button', { name: 'Insert prompt' }).click();
    await expect.poll(() => dialog.getByText('team is required.').isVisible()).toBe(true);
    await dialog.getByLabel('team').fill('the design crew');
    await page.screenshot({ path: `${SHOTS}prompts-variable-dialog.png` });
    await dialog.getByRole('button', { name: 'Insert prompt' }).click();

    await expect.poll(() => box.inputValue()).toBe('Write a warm weekly update for the design crew about what we shipped.');
    await expect.poll(() => page.getByRole('button', { name: 'Send message' }).isEnabled(), { timeout: 15_000 }).toBe(true);
    await box.press('Enter');
    await page.waitForURL(/\/c\/(?!new)/);
    await expect.poll(() => page.getByText('Write a warm weekly update for the design crew about what we shipped.').first().isVisible()).toBe(true);
  });

  it('keeps the phone layout usable: the list, then the prompt on its own page', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${app.baseUrl}/prompts`);
    await page.getByRole('link', { name: /Weekly update/ }).click();
    await expect.poll(() => page.getByRole('link', { name: 'All prompts' }).isVisible()).toBe(true);
    await page.screenshot({ path: `${SHOTS}prompts-phone.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
  });
});
