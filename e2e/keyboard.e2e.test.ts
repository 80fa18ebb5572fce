import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from './support/app.ts';
import { launchBrowser, type Browser } from './support/browser.ts';
import { hasFocus, tabTo } from './support/keyboard.ts';
import { signUpAndSignIn } from './support/member.ts';
import { modelPicker } from './support/model-picker.ts';

const SHOTS = new URL('../test-results/e2e/', import.meta.url).pathname;

let app: RunningApp;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  // The offline demo streams word by word, slowly enough to hear it start and to stop it.
  app = await startApp({ MELD_SIGNUP_CODES: 'PILOT-E2E', MELD_DEMO_WORD_DELAY_MS: '60' });
  browser = await launchBrowser();
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signUpAndSignIn(page, app.baseUrl, 'PILOT-E2E', 'Kofi Boateng');
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const announcer = () => page.getByTestId('stream-announcer');
const feedBusy = () => page.getByRole('feed').getAttribute('aria-busy');
const stopButton = () => page.getByRole('button', { name: 'Stop generating' });

async function typeAndSend(text: string) {
  const box = page.getByRole('textbox', { name: 'Message' });
  expect(await tabTo(page, box)).toEqual([]);
  await page.keyboard.type(text);
  // Sending waits for the model menu to load.
  await page.getByRole('button', { name: 'Send message', disabled: false }).waitFor({ timeout: 15_000 });
  await page.keyboard.press('Enter');
}

describe('a member who uses only the keyboard', () => {
  it('skips to the main content with the first Tab', async () => {
    await page.goto(`${app.baseUrl}/today`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    expect(await hasFocus(skip)).toBe(true);
    // Shown once focused: a sighted keyboard user sees where they are.
    expect((await skip.boundingBox())!.width).toBeGreaterThan(40);
    await page.screenshot({ path: `${SHOTS}a11y-skip-link.png` });
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
  });

  it('starts a chat, hears it start and finish politely, and the reply list is busy meanwhile', async () => {
    await page.goto(`${app.baseUrl}/c/new`);
    await typeAndSend('How do I give feedback that lands?');
    await expect.poll(() => announcer().textContent()).toBe('Meld is replying…');
    expect(await announcer().getAttribute('aria-live')).toBe('polite');
    await expect.poll(feedBusy).toBe('true');
    // Nothing is announced per token: the growing reply is not itself a live region.
    expect(await page.locator('[role="feed"] [aria-live]:not([aria-live="off"])').evaluateAll((nodes) => nodes.filter((node) => (node.textContent ?? '').length > 40).length)).toBe(0);
    await stopButton().waitFor({ state: 'detached', timeout: 60_000 });
    await expect.poll(() => announcer().textContent()).toMatch(/^Meld replied: Hello! This is the Meld offline demo/);
    expect((await announcer().textContent())!.length).toBeLessThan(260);
    await expect.poll(feedBusy).toBe(null);
  });

  it('stops a streaming reply from the keyboard', async () => {
    await typeAndSend('Give me a long answer about delegation.');
    await stopButton().waitFor();
    expect(await tabTo(page, stopButton())).toEqual([]);
    await page.keyboard.press('Enter');
    await stopButton().waitFor({ state: 'detached' });
    await expect.poll(() => announcer().textContent()).toMatch(/^Reply stopped(: |\.$)/);
  });

  it('reaches the model picker from the message box, searches it and leaves it with Escape', async () => {
    await page.getByRole('textbox', { name: 'Message' }).focus();
    const model = modelPicker(page);
    expect(await tabTo(page, model, { max: 10 })).toEqual([]);
    await page.keyboard.press('Enter');
    const search = page.getByRole('combobox', { name: 'Search models' });
    await expect.poll(() => hasFocus(search)).toBe(true);
    expect(await page.getByRole('option').count()).toBeGreaterThan(0);
    await page.keyboard.press('Escape');
    await search.waitFor({ state: 'detached' });
    // The popover hands focus back as it closes, a frame after its content leaves.
    await expect.poll(() => hasFocus(model)).toBe(true);
  });

  it('opens the conversation actions menu, moves in it with the arrows and leaves it with Escape', async () => {
    // A fresh page load: the keyboard starts at the top, as it does for anyone arriving.
    await page.reload();
    await page.getByRole('region', { name: 'Chats' }).getByRole('link').first().waitFor();
    const options = page.getByRole('button', { name: /^Options for / }).first();
    expect(await tabTo(page, options)).toEqual([]);
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await menu.waitFor();
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('menuitem');
    await page.screenshot({ path: `${SHOTS}a11y-row-menu.png` });
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    // Radix hands focus back in a timeout after the menu's content leaves (ci43 checked too soon).
    await expect.poll(() => hasFocus(options)).toBe(true);
  });

  it('closes and opens the sidebar with its toggle', async () => {
    await page.goto(`${app.baseUrl}/today`);
    const close = page.getByRole('banner').getByRole('button', { name: 'Close navigation' });
    expect(await tabTo(page, close)).toEqual([]);
    await page.keyboard.press('Enter');
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor({ state: 'hidden' });
    const open = page.getByRole('button', { name: 'Open navigation' });
    expect(await hasFocus(open)).toBe(true);
    expect(await open.getAttribute('aria-expanded')).toBe('false');
    await page.keyboard.press('Enter');
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
  });

  it('opens a conversation from the sidebar', async () => {
    await page.goto(`${app.baseUrl}/today`);
    const link = page.getByRole('region', { name: 'Chats' }).getByRole('link').last();
    await link.waitFor();
    expect(await tabTo(page, link)).toEqual([]);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/c\/(?!new)[\w-]+$/);
    await page.getByText('How do I give feedback that lands?').first().waitFor();
  });

  it('opens settings, stays inside it with Tab, closes it with Escape and is back on the trigger', async () => {
    const account = page.getByRole('button', { name: /^Account menu for / });
    expect(await tabTo(page, account)).toEqual([]);
    await page.keyboard.press('Enter');
    // The menu opens above its button: Shift+Tab walks up into it.
    const settings = page.getByRole('menuitem', { name: 'Settings' });
    expect(await tabTo(page, settings, { backwards: true, max: 6 })).toEqual([]);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await dialog.waitFor();
    for (let step = 0; step < 40; step++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
    await page.screenshot({ path: `${SHOTS}a11y-settings-focus.png` });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // The dialog hands the focus back once the page behind it is shown again.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.tagName)).toMatch(/^Account menu for /);
  });
});
