import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatgptExport } from './fixtures/chatgpt-export.ts';
import { startApp, type RunningApp } from './support/app.ts';
import { launchBrowser, type Browser } from './support/browser.ts';
import { signIn, signUpAndSignIn, type Member } from './support/member.ts';

// A history row draws the menu's trigger and renders the menu's items only once it opens (decision
// 0045): each way of opening it must work on the first try, on a page nobody has touched yet.

let app: RunningApp;
let browser: Browser;
let member: Member;
let page: Page;

const TITLE = 'Planning the offsite';
const trigger = (on: Page) => on.getByRole('button', { name: `Options for ${TITLE}` });
const focusedRole = (on: Page) => on.evaluate(() => document.activeElement?.getAttribute('role') ?? document.activeElement?.tagName);

/** A fresh load of /today with the history listed, nothing hovered or focused yet. */
async function freshToday(on: Page) {
  await on.goto(`${app.baseUrl}/today`);
  await on.getByRole('region', { name: 'Chats' }).getByRole('link', { name: TITLE }).waitFor();
}

beforeAll(async () => {
  app = await startApp({ MELD_SIGNUP_CODES: 'PILOT-E2E' });
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  member = await signUpAndSignIn(page, app.baseUrl, 'PILOT-E2E');
  const login = await fetch(`${app.baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: member.email, password: member.password }) });
  const { token } = (await login.json()) as { token: string };
  const form = new FormData();
  form.append('file', new Blob([chatgptExport()], { type: 'application/json' }), 'conversations.json');
  const imported = await fetch(`${app.baseUrl}/api/convos/import`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  expect(imported.status).toBe(201);
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe("a history row's menu opens on the first try", () => {
  it('with one mouse click, and its items act', async () => {
    await freshToday(page);
    await trigger(page).click();
    await page.getByRole('menu').waitFor();
    expect(await trigger(page).getAttribute('aria-expanded')).toBe('true');
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    const input = page.getByRole('textbox', { name: 'Conversation title' });
    await input.waitFor();
    await input.press('Escape');
    await page.getByRole('region', { name: 'Chats' }).getByRole('link', { name: TITLE }).waitFor();
  });

  it.each(['Enter', ' ', 'ArrowDown'])('from the keyboard with %j, focus on its first item', async (key) => {
    await freshToday(page);
    await trigger(page).focus();
    await page.keyboard.press(key);
    await page.getByRole('menu').waitFor();
    await expect.poll(() => focusedRole(page)).toBe('menuitem');
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'detached' });
    expect(await trigger(page).evaluate((element) => element === document.activeElement)).toBe(true);
  });

  it('with a tap on a phone, and its items act on a tap', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const phone = await context.newPage();
    try {
      await signIn(phone, app.baseUrl, member);
      await phone.goto(`${app.baseUrl}/today`);
      await phone.getByRole('button', { name: 'Open navigation' }).tap();
      await phone.getByRole('region', { name: 'Chats' }).getByRole('link', { name: TITLE }).waitFor();
      await trigger(phone).tap();
      await phone.getByRole('menu').waitFor();
      await phone.getByRole('menuitem', { name: 'Rename' }).tap();
      await phone.getByRole('textbox', { name: 'Conversation title' }).waitFor();
    } finally {
      await context.close();
    }
  });
});
