import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from './support/app.ts';
import { seriousViolations } from './support/axe.ts';
import { launchBrowser, type Browser } from './support/browser.ts';
import { signIn, signUpAndSignIn } from './support/member.ts';
import { sendFromNewChat } from './support/new-chat.ts';

const SIGNUP_CODE = 'PILOT-A11Y';
const ADMIN = { email: 'admin.dialogs@example.com', password: 'patient-admin-pass-1' };
const QUESTION = 'How should I plan a calm week?';

let app: RunningApp;
let browser: Browser;
let page: Page;
let admin: Page;
let conversationUrl = '';

beforeAll(async () => {
  app = await startApp({ MELD_SIGNUP_CODES: SIGNUP_CODE, MELD_ADMIN_EMAIL: ADMIN.email, MELD_ADMIN_PASSWORD: ADMIN.password, MELD_DEMO_WORD_DELAY_MS: '2' });
  browser = await launchBrowser();
  const desktop = { viewport: { width: 1280, height: 900 } };
  page = await (await browser.newContext(desktop)).newPage();
  admin = await (await browser.newContext(desktop)).newPage();
  await signUpAndSignIn(page, app.baseUrl, SIGNUP_CODE, 'Ama Mensah');
  // One more member, so the admin's user table has someone to change and delete.
  await signUpAndSignIn(admin, app.baseUrl, SIGNUP_CODE, 'Toni Morrison');
  await admin.context().clearCookies();

  await sendFromNewChat(page, app, QUESTION);
  conversationUrl = page.url();

  await signIn(admin, app.baseUrl, ADMIN);
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/** Runs axe with `opened` on screen (the rest of the page behind a modal is inert, so it checks the dialog). */
async function expectAccessible(on: Page, opened: Locator, label: string) {
  await opened.waitFor();
  await on.waitForTimeout(250);
  expect(await seriousViolations(on), label).toEqual([]);
}

const row = () => page.getByRole('region', { name: 'Chats' }).getByRole('link').first();
const rowMenu = () => page.getByRole('button', { name: /^Options for / }).first();

describe('every dialog, menu and popover has no serious or critical WCAG 2.1 AA violation', () => {
  it('the settings dialog, on each of its tabs', async () => {
    await page.goto(`${app.baseUrl}/settings/general`);
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await dialog.waitFor();
    const tabs = await dialog.getByRole('tab').allTextContents();
    expect(tabs.length).toBeGreaterThan(3);
    for (const name of tabs) {
      await dialog.getByRole('tab', { name, exact: true }).click();
      await expectAccessible(page, dialog.getByRole('tabpanel').first(), `settings tab ${name}`);
    }
  });

  it('the share dialog', async () => {
    await page.goto(conversationUrl);
    await page.getByRole('button', { name: 'Share' }).click();
    await expectAccessible(page, page.getByRole('dialog', { name: 'Share this conversation' }), 'share');
    await page.getByRole('button', { name: 'Create link' }).click();
    await expectAccessible(page, page.getByRole('textbox', { name: 'Share link' }), 'share with a link');
    await page.keyboard.press('Escape');
  });

  it('the bookmarks popover and the fork dialog', async () => {
    await page.goto(conversationUrl);
    await page.getByRole('button', { name: 'Bookmark', exact: true }).click();
    await expectAccessible(page, page.getByPlaceholder('Find or create a bookmark'), 'bookmarks');
    await page.keyboard.press('Escape');
    const message = page.getByRole('article').last();
    await message.hover();
    await message.getByRole('button', { name: 'Fork' }).click();
    await expectAccessible(page, page.getByRole('dialog', { name: 'Fork from this message' }), 'fork');
    await page.keyboard.press('Escape');
  });

  it('the conversation menu, rename and the delete confirmation', async () => {
    await page.goto(conversationUrl);
    await row().hover();
    await rowMenu().click();
    await expectAccessible(page, page.getByRole('menu'), 'conversation menu');
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    await expectAccessible(page, page.getByRole('textbox', { name: 'Conversation title' }).first(), 'rename');
    await page.keyboard.press('Escape');
    await row().hover();
    await rowMenu().click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await expectAccessible(page, page.getByRole('alertdialog').or(page.getByRole('dialog', { name: 'Delete chat?' })), 'delete confirmation');
    await page.keyboard.press('Escape');
  });

  it('the presets popover, the slash-command menu and the prompt variables dialog', async () => {
    await page.goto(`${app.baseUrl}/prompts/new`);
    await page.getByLabel('Name').fill('Team summary');
    await page.getByLabel(/Command/).fill('team-summary');
    await page.getByLabel('Prompt', { exact: true }).fill('Summarise {{topic}} for my team.');
    await page.getByRole('button', { name: 'Create prompt' }).click();
    await page.waitForURL(/\/prompts\/(?!new)[\w-]+$/);

    await page.goto(`${app.baseUrl}/c/new`);
    await page.getByRole('button', { name: 'Presets' }).click();
    await expectAccessible(page, page.getByRole('dialog').or(page.getByText(/No presets yet/)).first(), 'presets');
    await page.keyboard.press('Escape');
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.click();
    await box.pressSequentially('/team');
    await expectAccessible(page, page.getByRole('option', { name: /team-summary/ }), 'slash-command menu');
    await box.press('Enter');
    await expectAccessible(page, page.getByRole('dialog', { name: 'Team summary' }), 'prompt variables');
    await page.keyboard.press('Escape');
  });

  it('the account menu and the quick-add menu', async () => {
    await page.goto(`${app.baseUrl}/today`);
    await page.getByRole('button', { name: /^Account menu for / }).click();
    await expectAccessible(page, page.getByRole('menu'), 'account menu');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Quick add' }).click();
    await expectAccessible(page, page.getByRole('menu', { name: 'Quick add' }), 'quick add');
    await page.getByRole('menuitem', { name: 'New Fragment' }).click();
    await expectAccessible(page, page.getByRole('dialog', { name: 'Quick Fragment' }), 'quick fragment');
    await page.keyboard.press('Escape');
  });

  it('the admin panel dialogs: change role, delete user, interview link', async () => {
    await admin.goto(`${app.baseUrl}/me?tab=platformUsers`);
    const toni = admin.getByRole('row', { name: /Toni Morrison/ });
    await toni.getByRole('button', { name: 'Change the role of Toni Morrison' }).click();
    await expectAccessible(admin, admin.getByRole('dialog'), 'change role');
    await admin.keyboard.press('Escape');
    await toni.getByRole('button', { name: /^Delete/ }).click();
    await expectAccessible(admin, admin.getByRole('dialog').or(admin.getByRole('alertdialog')), 'delete user');
    await admin.keyboard.press('Escape');

    await fetch(`${app.baseUrl}/api/mentor-interest`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'Grace', lastName: 'Hopper', email: `grace.${Date.now()}@example.com`, jobTitle: 'Rear Admiral', company: 'US Navy' }),
    });
    await admin.goto(`${app.baseUrl}/me?tab=mentorSignups`);
    await admin.getByRole('row', { name: /Grace Hopper/ }).getByRole('button', { name: 'Generate link' }).click();
    await expectAccessible(admin, admin.getByRole('textbox', { name: 'Interview link' }), 'interview link');
  });

  it('the admin panel forms: a new banner with its preview, a new access code', async () => {
    await admin.goto(`${app.baseUrl}/me?tab=banners`);
    await admin.getByRole('button', { name: 'New banner' }).click();
    const form = admin.getByRole('form', { name: 'New banner' });
    await form.getByLabel('Message').fill('<p>The pilot <strong>survey</strong> is open.</p>');
    await expectAccessible(admin, form.getByRole('region', { name: 'Preview' }).getByText('survey'), 'new banner');
    await admin.goto(`${app.baseUrl}/me?tab=accessCodes`);
    await admin.getByLabel(/^Code/).fill('a11y-spring');
    await admin.getByLabel(/^Usage cap/).fill('1');
    await admin.getByRole('button', { name: 'Create code' }).click();
    await expectAccessible(admin, admin.getByRole('status', { name: 'Code created' }), 'new access code');
  });
});
