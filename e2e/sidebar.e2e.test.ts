import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from './support/app.ts';
import { launchBrowser, type Browser } from './support/browser.ts';
import { notVisibleReasons } from './support/layout.ts';
import { signUpAndSignIn } from './support/member.ts';

// The sidebar's layout at the four viewports is the layout suite's (support/layout-pages.ts); this
// file covers the phone header's date, the theme switch and the coach's name (issue 25).

let app: RunningApp;
let browser: Browser;
let page: Page;
let conversationId: string;

/** Noon UTC, so the day is the same in any time zone the test machine runs in. */
const STARTED = new Date(Date.UTC(2024, 1, 3, 12, 0));

/** One old conversation, imported as a ChatGPT export, so its date differs from today's. */
async function importOldConversation(token: string): Promise<string> {
  const time = STARTED.getTime() / 1000;
  const message = (id: string, role: string, text: string, at: number) => ({ id, author: { role }, content: { content_type: 'text', parts: [text] }, create_time: at });
  const mapping = {
    q: { id: 'q', parent: null, children: ['a'], message: message('q', 'user', 'What should I read this winter?', time) },
    a: { id: 'a', parent: 'q', children: [], message: message('a', 'assistant', 'Start with a long novel.', time + 1) },
  };
  const form = new FormData();
  form.append('file', new Blob([JSON.stringify([{ title: 'Winter reading', create_time: time, update_time: time + 1, mapping, current_node: 'a' }])], { type: 'application/json' }), 'conversations.json');
  const imported = await fetch(`${app.baseUrl}/api/convos/import`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  expect(imported.status).toBe(201);
  const list = (await (await fetch(`${app.baseUrl}/api/convos`, { headers: { authorization: `Bearer ${token}` } })).json()) as { conversations: { conversationId: string; title: string }[] };
  return list.conversations.find((conversation) => conversation.title === 'Winter reading')!.conversationId;
}

const longDate = (date: Date) => new Intl.DateTimeFormat('en', { dateStyle: 'long' }).format(date);
const isDark = () => page.evaluate(() => document.documentElement.classList.contains('dark'));

beforeAll(async () => {
  app = await startApp({ MELD_SIGNUP_CODES: 'PILOT-E2E' });
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  const member = await signUpAndSignIn(page, app.baseUrl, 'PILOT-E2E', 'Kofi Boateng');
  const login = await fetch(`${app.baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: member.email, password: member.password }) });
  conversationId = await importOldConversation(((await login.json()) as { token: string }).token);
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe('the phone header', () => {
  it("shows today's date on a new chat", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${app.baseUrl}/c/new`);
    const date = page.getByRole('banner').locator('time');
    await date.waitFor();
    // The page's clock and the test's may straddle midnight: either day is today's.
    const today = new Date();
    expect([longDate(today), longDate(new Date(today.getTime() - 60_000))]).toContain(await date.textContent());
    expect(await notVisibleReasons(date, { scroll: false })).toEqual([]);
  });

  it("shows the open conversation's date, not today's", async () => {
    await page.goto(`${app.baseUrl}/c/${conversationId}`);
    await page.getByText('Start with a long novel.').waitFor();
    const date = page.getByRole('banner').locator('time');
    await page.waitForFunction((expected) => document.querySelector('header time')?.textContent === expected, longDate(STARTED));
    expect(await notVisibleReasons(date, { scroll: false })).toEqual([]);
  });

  it('moves to the new conversation\'s date when one is opened from the drawer', async () => {
    await page.goto(`${app.baseUrl}/c/new`);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.getByRole('region', { name: 'Chats' }).getByRole('link', { name: 'Winter reading' }).click();
    await page.waitForFunction((expected) => document.querySelector('header time')?.textContent === expected, longDate(STARTED));
  });
});

describe('the theme switch', () => {
  it('is in the top bar at every width, switches light and dark, and is remembered', async () => {
    for (const viewport of [{ width: 1366, height: 768 }, { width: 390, height: 844 }]) {
      await page.setViewportSize(viewport);
      await page.goto(`${app.baseUrl}/today`);
      // The member's saved theme is applied once her settings arrive: read it after that.
      await page.getByRole('banner').getByRole('button', { name: /^Switch to (light|dark) theme$/ }).waitFor();
      await page.waitForLoadState('networkidle');
      const wasDark = await isDark();
      const toggle = page.getByRole('banner').getByRole('button', { name: wasDark ? 'Switch to light theme' : 'Switch to dark theme' });
      expect(await notVisibleReasons(toggle, { scroll: false }), `at ${viewport.width} px`).toEqual([]);
      await toggle.click();
      await expect.poll(() => isDark()).toBe(!wasDark);
      await page.getByRole('banner').getByRole('button', { name: wasDark ? 'Switch to dark theme' : 'Switch to light theme' }).waitFor();
      await page.reload();
      await page.getByRole('banner').waitFor();
      expect(await isDark(), 'the choice survives a reload').toBe(!wasDark);
    }
  });

  it('still answers Ctrl+Shift+T where the browser lets the page have it', async () => {
    await page.goto(`${app.baseUrl}/today`);
    await page.getByRole('banner').waitFor();
    const wasDark = await isDark();
    await page.keyboard.press('Control+Shift+T');
    await page.waitForFunction((dark) => document.documentElement.classList.contains('dark') === dark, !wasDark);
  });
});

describe('the coach', () => {
  it('is named Coach in the menu and on its page, unlike the history of chats', async () => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto(`${app.baseUrl}/today`);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'Coach' }).click();
    await page.waitForURL('**/chats');
    await page.getByRole('heading', { level: 1, name: 'Coach' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Chats' }).count()).toBe(0);
    expect(await page.getByRole('region', { name: 'Chats' }).count()).toBe(1);
  });
});
