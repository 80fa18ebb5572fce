import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from './support/app.ts';
import { launchBrowser, type Browser } from './support/browser.ts';

const SHOTS = new URL('../test-results/e2e/', import.meta.url).pathname;

let app: RunningApp;
let browser: Browser;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  app = await startApp({ MELD_SIGNUP_CODES: 'PILOT-E2E' });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const member = { name: 'Ada Okafor', email: `ada.${Date.now()}@example.com`, password: 'north-star-2026' };

async function next(page: Page) {
  await page.getByRole('button', { name: 'Continue' }).click();
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: `Account menu for ${member.name}` }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).or(page.getByRole('button', { name: 'Sign out' })).click();
  await page.waitForURL('**/login');
}

async function signIn(page: Page, password: string) {
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

describe('a new pilot member', () => {
  it('enters the access code, walks the wizard, stays signed in across a reload, signs out and back in', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
    await page.goto(`${app.baseUrl}/welcome`);

    const code = page.getByLabel('Pilot access code');
    await code.pressSequentially('pilot-e2e');
    expect(await code.inputValue()).toBe('PILOT-E2E');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/register');

    await page.getByText('Step 1 of 7').waitFor();
    await page.getByLabel('Your name').fill(member.name);
    await next(page);

    await page.getByText('Step 2 of 7').waitFor();
    await page.getByLabel('City').fill('Austin');
    await page.getByRole('combobox', { name: /State/ }).fill('tex');
    await page.getByRole('option', { name: 'Texas' }).click();
    await page.getByLabel('Birthday').fill('1994-05-17');
    await next(page);

    await page.getByText('Step 3 of 7').waitFor();
    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Password', { exact: true }).fill(member.password);
    await page.getByLabel('Confirm password').fill(member.password);
    await next(page);

    await page.getByText('Step 4 of 7').waitFor();
    await page.getByText('Reach a specific goal').click();
    await next(page);

    await page.getByText('Step 5 of 7').waitFor();
    await page.getByText('Something else').click();
    await page.getByRole('textbox', { name: 'In your own words' }).fill('Writing my first book');
    await next(page);

    await page.getByText('Step 6 of 7').waitFor();
    await page.getByText('In STEM').click();
    await next(page);

    await page.getByText('Step 7 of 7').waitFor();
    await page.getByText('Time', { exact: true }).click();
    await page.screenshot({ path: `${SHOTS}wizard-last-step.png` });
    await page.getByRole('button', { name: 'Create my account' }).click();

    await page.waitForURL('**/today?tour=checkin');
    await page.getByRole('heading', { level: 1, name: /Ada/ }).waitFor();
    // A new member is welcomed with the check-in tour; she skips it, and it does not come back.
    await page.getByRole('button', { name: 'Skip tour' }).waitFor();
    await page.screenshot({ path: `${SHOTS}today-after-signup.png` });
    await page.getByRole('button', { name: 'Skip tour' }).click();
    await page.waitForURL((url) => !url.search.includes('tour'));

    await page.reload();
    await page.getByRole('heading', { level: 1, name: /Ada/ }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/today');

    await signOut(page);
    await page.goto(`${app.baseUrl}/today`);
    await page.waitForURL('**/login');

    await signIn(page, member.password);
    await page.waitForURL('**/today');
    await page.getByRole('heading', { level: 1, name: /Ada/ }).waitFor();
    await page.close();
  });

  it('sees the wrong-password message and stays on the sign-in page', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${app.baseUrl}/login`);
    await signIn(page, 'not-my-password');
    await page.getByText('Email or password is incorrect.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.screenshot({ path: `${SHOTS}login-wrong-password.png` });
    await page.close();
  });
});
