import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from './support/app.ts';
import { launchBrowser, type Browser } from './support/browser.ts';
import { signIn as signInThroughApi, signUpAndSignIn } from './support/member.ts';

const SHOTS = new URL('../test-results/e2e/', import.meta.url).pathname;
const ADMIN = { email: 'roles.admin@example.com', password: 'careful-admin-pass-1' };
const SIGNUP_CODE = 'PILOT-ROLES-E2E';

let app: RunningApp;
let browser: Browser;
let admin: Page;
let member: Page;

async function signIn(page: Page, email: string, password: string) {
  await signInThroughApi(page, app.baseUrl, { email, password });
}

async function send(page: Page, text: string) {
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  await expect.poll(() => page.getByRole('button', { name: 'Send message' }).isEnabled(), { timeout: 15_000 }).toBe(true);
  await box.press('Enter');
}

/** Waits for the reply to finish: the composer offers Send again. */
async function replyDone(page: Page) {
  await page.getByRole('button', { name: 'Send message' }).waitFor({ timeout: 30_000 });
}

const history = (page: Page) => page.getByRole('region', { name: 'Chats' });

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  app = await startApp({ MELD_SIGNUP_CODES: SIGNUP_CODE, MELD_ADMIN_EMAIL: ADMIN.email, MELD_ADMIN_PASSWORD: ADMIN.password, MELD_DEMO_WORD_DELAY_MS: '5' });
  browser = await launchBrowser();
  admin = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signIn(admin, ADMIN.email, ADMIN.password);
  member = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signUpAndSignIn(member, app.baseUrl, SIGNUP_CODE, 'Wangari Maathai');
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe('roles and permissions', () => {
  it('an admin turns agents off for members in the Roles tab, and a member no longer gets them', async () => {
    await member.goto(`${app.baseUrl}/agents`);
    await member.getByRole('link', { name: 'New agent' }).waitFor();

    await admin.goto(`${app.baseUrl}/me?tab=roles`);
    const use = admin.getByRole('switch', { name: 'Members: Agents: Use' });
    await expect.poll(() => use.getAttribute('aria-checked')).toBe('true');
    await admin.screenshot({ path: `${SHOTS}roles-tab-1280.png`, fullPage: true });
    await use.click();
    await admin.getByText('Members: Agents permissions saved').waitFor();
    expect(await use.getAttribute('aria-checked')).toBe('false');
    // Saved on the server: a reload shows it off.
    await admin.reload();
    await expect.poll(() => admin.getByRole('switch', { name: 'Members: Agents: Use' }).getAttribute('aria-checked')).toBe('false');
    // Other roles keep theirs.
    expect(await admin.getByRole('switch', { name: 'Mentors: Agents: Use' }).getAttribute('aria-checked')).toBe('true');

    await member.reload();
    await member.getByText('Agents are not available to your account.').first().waitFor();
    expect(await member.getByRole('link', { name: 'New agent' }).count()).toBe(0);

    await admin.setViewportSize({ width: 390, height: 844 });
    await admin.screenshot({ path: `${SHOTS}roles-tab-390.png`, fullPage: true });
    await admin.setViewportSize({ width: 1280, height: 900 });
  });

  it('a temporary chat opens by its address, is marked, and never joins the history; an ordinary chat does', async () => {
    await member.goto(`${app.baseUrl}/c/new`);
    const temporary = member.getByRole('switch', { name: 'Temporary chat' });
    await temporary.click();
    expect(await temporary.getAttribute('aria-checked')).toBe('true');
    await member.screenshot({ path: `${SHOTS}temporary-chat-new-1280.png` });

    await send(member, 'Lanterns along the river at dusk');
    await member.waitForURL((url) => /^\/c\/[\w-]+$/.test(url.pathname) && url.pathname !== '/c/new');
    const address = member.url();
    await replyDone(member);
    await member.getByText('Temporary', { exact: true }).waitFor();
    await member.screenshot({ path: `${SHOTS}temporary-chat-open-1280.png` });

    // With "Save badges state" off (the default), the next new chat starts with the switch off.
    await member.getByRole('link', { name: 'New chat' }).first().click();
    const again = member.getByRole('switch', { name: 'Temporary chat' });
    await expect.poll(() => again.getAttribute('aria-checked')).toBe('false');
    await send(member, 'Orchards in early spring');
    await replyDone(member);
    // The title arrives once saved; then the list as the server keeps it (a reload) has the chat.
    await member.getByRole('heading', { level: 1, name: 'Orchards in early spring' }).waitFor();
    await member.reload();
    await history(member).getByRole('link', { name: /Orchards in early spring/ }).waitFor();
    expect(await history(member).getByRole('link', { name: /Lanterns/ }).count()).toBe(0);

    // Still there by its address until it expires.
    await member.goto(address);
    await member.getByText('Temporary', { exact: true }).waitFor();
    await member.getByText('Lanterns along the river at dusk').first().waitFor();
    await member.setViewportSize({ width: 390, height: 844 });
    await member.screenshot({ path: `${SHOTS}temporary-chat-open-390.png` });
    await member.goto(`${app.baseUrl}/c/new`);
    await member.getByRole('switch', { name: 'Temporary chat' }).waitFor();
    await member.screenshot({ path: `${SHOTS}temporary-chat-new-390.png` });
  });
});
