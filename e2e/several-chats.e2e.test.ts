import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from './support/app.ts';
import { launchBrowser, type Browser } from './support/browser.ts';
import { signUpAndSignIn } from './support/member.ts';

/*
 * Issue 25, section 4: a reply in one conversation never blocks another; each Stop is its own
 * conversation's; the sidebar marks replying conversations; the concurrent limit is said clearly.
 */

const SHOTS = new URL('../test-results/e2e/', import.meta.url).pathname;

let app: RunningApp;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  const config = JSON.parse(readFileSync(new URL('../meld.config.json', import.meta.url), 'utf8')) as Record<string, unknown>;
  const configFile = join(tmpdir(), `meld-e2e-several-chats-${process.pid}.json`);
  writeFileSync(configFile, JSON.stringify({ ...config, concurrentMessages: { max: 2 } }));
  app = await startApp({ MELD_SIGNUP_CODES: 'PILOT-E2E', MELD_DEMO_WORD_DELAY_MS: '700', MELD_CONFIG_FILE: configFile });
  browser = await launchBrowser();
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signUpAndSignIn(page, app.baseUrl, 'PILOT-E2E', 'Abena Darko');
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const stopButton = () => page.getByRole('button', { name: 'Stop generating' });
const replyingMarks = () => page.getByTestId('replying-mark');

async function send(text: string) {
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  await expect.poll(() => page.getByRole('button', { name: 'Send message' }).isEnabled(), { timeout: 15_000 }).toBe(true);
  await box.press('Enter');
}

async function newChatInApp() {
  await page.getByRole('link', { name: 'New chat' }).first().click();
  await page.waitForURL(/\/c\/new/);
  await page.getByRole('textbox', { name: 'Message' }).waitFor();
}

describe('several chats at once', () => {
  it('starts a second chat while the first replies, marks both, refuses a third with the limit, and each Stop is its own', async () => {
    await page.goto(`${app.baseUrl}/c/new`);
    await send('First: tell me at length about mentoring circles.');
    await page.waitForURL(/\/c\/(?!new)/);
    const first = page.url();
    await stopButton().waitFor();

    // A new chat is free to compose and send while the first replies.
    await newChatInApp();
    await expect.poll(() => stopButton().count()).toBe(0);
    await send('Second: tell me at length about negotiation.');
    await page.waitForURL(/\/c\/(?!new)/);
    const second = page.url();
    expect(second).not.toBe(first);
    await stopButton().waitFor();
    await expect.poll(() => replyingMarks().count(), { timeout: 5_000 }).toBe(2);
    await page.screenshot({ path: `${SHOTS}several-chats-sidebar.png` });

    // Two replies run: a third is refused, in words, and stays a draft at /c/new.
    await newChatInApp();
    await send('Third: one more?');
    await page.getByText(/Only 2 message\(s\) at a time/).waitFor({ timeout: 10_000 });
    expect(page.url()).toMatch(/\/c\/new/);
    expect(await page.getByRole('textbox', { name: 'Message' }).inputValue()).toBe('Third: one more?');
    await page.screenshot({ path: `${SHOTS}several-chats-limit.png` });

    // Stop the second: the first goes on.
    await page.goto(second);
    await stopButton().click();
    await stopButton().waitFor({ state: 'detached', timeout: 10_000 });
    await page.getByText('The response is incomplete', { exact: false }).waitFor({ timeout: 10_000 });
    // Only the first is still marked as replying.
    await expect.poll(() => replyingMarks().count(), { timeout: 10_000 }).toBe(1);
    // The first finishes, whole.
    await page.goto(first);
    await expect.poll(async () => (await page.getByRole('article').last().innerText()).includes('not available here yet'), { timeout: 90_000 }).toBe(true);
    expect(await page.getByText('The response is incomplete', { exact: false }).count()).toBe(0);
    await expect.poll(() => replyingMarks().count(), { timeout: 15_000 }).toBe(0);
  }, 180_000);
});
