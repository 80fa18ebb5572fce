import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI } from '../functions/src/providers/llm/__fakes__/openai-server.ts';
import type { FakeServer } from '../functions/src/providers/llm/__fakes__/sse-server.ts';
import { startApp, type RunningApp } from './support/app.ts';
import { launchBrowser, type Browser } from './support/browser.ts';
import { signUpAndSignIn } from './support/member.ts';

/*
 * Issue 25, section 3: a reply in progress shows on reload and in another tab with its text so far,
 * keeps growing, can be stopped from there, and a provider failing mid-reply shows its error there.
 */

const SHOTS = new URL('../test-results/e2e/', import.meta.url).pathname;
const WORDS = Array.from({ length: 60 }, (_, index) => ` word${index}`);

let app: RunningApp;
let failing: FakeServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  // The demo streams slowly enough to reload in the middle; a second endpoint's model fails after a few words.
  failing = await startFakeOpenAI({ tokens: WORDS, failAfter: 25, intervalMs: 500 });
  const config = JSON.parse(readFileSync(new URL('../meld.config.json', import.meta.url), 'utf8')) as { endpoints?: Record<string, unknown> };
  const configFile = join(tmpdir(), `meld-e2e-resumable-${process.pid}.json`);
  writeFileSync(configFile, JSON.stringify({ ...config, endpoints: { ...config.endpoints, custom: [{ name: 'Flaky', apiKey: 'fake-key', baseURL: `${failing.url}/v1`, models: ['flaky-model'] }] } }));
  app = await startApp({ MELD_SIGNUP_CODES: 'PILOT-E2E', MELD_DEMO_WORD_DELAY_MS: '600', MELD_CONFIG_FILE: configFile });
  browser = await launchBrowser();
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signUpAndSignIn(page, app.baseUrl, 'PILOT-E2E', 'Efua Owusu');
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await failing?.close();
});

const lastReply = (on: Page) => on.getByRole('article').last();
const stopButton = (on: Page) => on.getByRole('button', { name: 'Stop generating' });
const replyLength = async (on: Page) => (await lastReply(on).innerText().catch(() => '')).length;

async function send(text: string) {
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  await expect.poll(() => page.getByRole('button', { name: 'Send message' }).isEnabled(), { timeout: 15_000 }).toBe(true);
  await box.press('Enter');
}

/** Starts a new chat with the demo and waits until its reply has some text at its own address. */
async function startReply(text: string): Promise<string> {
  await page.goto(`${app.baseUrl}/c/new`);
  await send(text);
  await page.waitForURL(/\/c\/(?!new)/);
  await stopButton(page).waitFor();
  await page.waitForTimeout(1_500);
  return page.url();
}

describe('a reply in progress, seen again', () => {
  it('shows on reload with its text so far, keeps growing, and ends saved', async () => {
    await startReply('Tell me, at length, how to plan a sabbatical.');
    await page.reload();
    await page.getByText('Tell me, at length, how to plan a sabbatical.').first().waitFor();
    // Within about a second the reply so far is back, with its Stop.
    await stopButton(page).waitFor({ timeout: 3_000 });
    await expect.poll(() => replyLength(page), { timeout: 3_000 }).toBeGreaterThan(10);
    const first = await replyLength(page);
    // The resumed reply and its Stop are in view at every size the app is checked at.
    for (const [width, height] of [[1280, 720], [1366, 768], [1920, 1080], [390, 844]] as const) {
      await page.setViewportSize({ width, height });
      // Laid out again at the new size within a frame or two (the list re-measures its rows).
      await expect.poll(() => stopButton(page).isVisible(), { timeout: 3_000 }).toBe(true);
      await expect.poll(() => lastReply(page).isVisible(), { timeout: 3_000 }).toBe(true);
      await page.screenshot({ path: `${SHOTS}resumable-reload-${width}.png` });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect.poll(() => replyLength(page), { timeout: 5_000 }).toBeGreaterThan(first);
    // It ends as the saved reply, finished, without asking again.
    await stopButton(page).waitFor({ state: 'detached', timeout: 90_000 });
    await expect.poll(async () => (await lastReply(page).innerText()).includes('not available here yet'), { timeout: 10_000 }).toBe(true);
    expect(await page.getByText('The response is incomplete', { exact: false }).count()).toBe(0);
  }, 150_000);

  it('shows in a second tab, which can stop it: both tabs then have it saved unfinished', async () => {
    const url = await startReply('Walk me through a difficult feedback conversation, step by step.');
    const second = await page.context().newPage();
    await second.goto(url);
    // Once the conversation is on screen (a fresh tab loads the whole app first), the reply in progress is there with its Stop.
    await second.getByText('Walk me through a difficult feedback conversation, step by step.').first().waitFor();
    await stopButton(second).waitFor({ timeout: 5_000 });
    await expect.poll(() => replyLength(second), { timeout: 3_000 }).toBeGreaterThan(10);
    const seen = await replyLength(second);
    await expect.poll(() => replyLength(second), { timeout: 5_000 }).toBeGreaterThan(seen);
    await second.screenshot({ path: `${SHOTS}resumable-second-tab.png` });

    await stopButton(second).click();
    for (const tab of [second, page]) {
      await stopButton(tab).waitFor({ state: 'detached', timeout: 10_000 });
      await tab.getByText("The response is incomplete; it's either still processing, was cancelled, or censored.", { exact: false }).waitFor({ timeout: 10_000 });
    }
    // Both show the same saved reply.
    expect((await lastReply(second).innerText()).slice(0, 60)).toBe((await lastReply(page).innerText()).slice(0, 60));
    await second.close();
  });

  it('shows the provider failing mid-reply in the tab that watches it', async () => {
    await page.goto(`${app.baseUrl}/c/new`);
    await page.getByRole('button', { name: /^Model:/ }).click();
    await page.getByRole('combobox', { name: 'Search models' }).fill('flaky-model');
    await page.getByRole('option').filter({ hasText: 'flaky-model' }).first().click();
    await send('Tell me a story that will not finish.');
    await page.waitForURL(/\/c\/(?!new)/);
    const second = await page.context().newPage();
    await second.goto(page.url());
    await second.getByText('Tell me a story that will not finish.').first().waitFor();
    await stopButton(second).waitFor({ timeout: 5_000 });
    await expect.poll(() => replyLength(second), { timeout: 5_000 }).toBeGreaterThan(10);
    await second.getByText('The upstream model crashed', { exact: false }).waitFor({ timeout: 20_000 });
    expect(await stopButton(second).count()).toBe(0);
    await second.screenshot({ path: `${SHOTS}resumable-provider-failed.png` });
    await second.close();
  });
});
