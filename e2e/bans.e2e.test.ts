import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from './support/app.ts';
import { launchBrowser, type Browser } from './support/browser.ts';
import { signUpAndSignIn } from './support/member.ts';

const SHOTS = new URL('../test-results/e2e/', import.meta.url).pathname;
/** Half-minute windows and bans, so the test sees a ban start and end. */
const WINDOW_MS = 30_000;

let app: RunningApp;
let browser: Browser;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  const config = JSON.parse(readFileSync(new URL('../meld.config.json', import.meta.url), 'utf8')) as Record<string, unknown>;
  const configFile = join(tmpdir(), `meld-e2e-bans-${process.pid}.json`);
  const limits = { login: { max: 3, windowMinutes: WINDOW_MS / 60_000 } };
  writeFileSync(configFile, JSON.stringify({ ...config, rateLimits: limits, ban: { threshold: 2, windowMinutes: 60, durationMinutes: WINDOW_MS / 60_000 } }));
  app = await startApp({ MELD_SIGNUP_CODES: 'PILOT-E2E', MELD_CONFIG_FILE: configFile });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const sleepUntil = (time: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, time - Date.now()) + 100));

/** Submits the sign-in form and answers the reply's status with the message the page then shows. */
async function signIn(page: Page, email: string, password: string): Promise<[number, string]> {
  await page.getByLabel('Password', { exact: true }).fill(password);
  const [reply] = await Promise.all([
    page.waitForResponse((response) => response.url().endsWith('/api/auth/login')),
    page.getByRole('button', { name: 'Sign in', exact: true }).click(),
  ]);
  if (reply.status() === 200) return [200, ''];
  const alert = page.getByRole('alert');
  await alert.waitFor();
  return [reply.status(), (await alert.textContent()) ?? ''];
}

describe('a person who keeps guessing a password', () => {
  it('is asked to wait, then told of the ban, and signs in once the ban is over', async () => {
    const member = await signUpAndSignIn(await browser.newPage(), app.baseUrl, 'PILOT-E2E', 'Theo Grant');
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 860 } })).newPage();
    await page.goto(`${app.baseUrl}/login`);
    await page.getByLabel('Email').fill(member.email);
    // Start at a fresh window, so the member's own sign-in above no longer counts.
    await sleepUntil(Math.ceil(Date.now() / WINDOW_MS) * WINDOW_MS);

    const answers = [];
    for (let attempt = 1; attempt <= 5; attempt++) answers.push(await signIn(page, member.email, `a-wrong-guess-${attempt}`));
    const bannedAt = Date.now();
    expect(answers).toEqual([
      [401, 'Email or password is incorrect.'],
      [401, 'Email or password is incorrect.'],
      [401, 'Email or password is incorrect.'],
      [429, 'Too many sign-in attempts. Please wait a few minutes and try again.'],
      [429, 'Too many sign-in attempts. Please wait a few minutes and try again.'],
    ]);
    // The second refused attempt was the second violation: this address is banned, whatever the password.
    expect(await signIn(page, member.email, member.password)).toEqual([403, 'Your account has been temporarily banned due to violations of our service.']);
    await page.screenshot({ path: `${SHOTS}login-banned-1280.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}login-banned-390.png` });

    await sleepUntil(bannedAt + WINDOW_MS);
    expect((await signIn(page, member.email, member.password))[0]).toBe(200);
    await page.waitForURL('**/today');
  });
});
