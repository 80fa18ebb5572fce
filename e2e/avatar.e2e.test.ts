import { mkdirSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from './support/app.ts';
import { launchBrowser, type Browser } from './support/browser.ts';
import { signUpAndSignIn, type Member } from './support/member.ts';

const SHOTS = new URL('../test-results/e2e/', import.meta.url).pathname;
const PICTURE = new URL('./fixtures/avatar-landscape.png', import.meta.url).pathname;
const AVATAR_URL = /^\/api\/files\/avatars\/[\w-]+\/[0-9a-f]{32}\.png$/;

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

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 768;

async function openAccountSettings(page: Page, member: Member) {
  // On a phone the account menu sits in the navigation drawer.
  if (isPhone(page)) await page.getByRole('button', { name: 'Open navigation' }).click();
  await page.getByRole('button', { name: `Account menu for ${member.name}` }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await page.getByRole('tab', { name: 'Account' }).click();
  await page.getByRole('button', { name: 'Change picture' }).waitFor();
}

/** The picture as the page shows it: its path, and its width once the browser has decoded it (0 when it failed). */
async function shown(image: Locator): Promise<{ path: string; width: number }> {
  await image.waitFor();
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete)).toBe(true);
  return image.evaluate((element: HTMLImageElement) => ({ path: new URL(element.src).pathname, width: element.naturalWidth }));
}

/** Chooses the fixture, zooms to 1.8, turns it a quarter right and drags it left; answers the dialog. */
async function cropPicture(page: Page) {
  await page.getByRole('button', { name: 'Change picture' }).click();
  const dialog = page.getByRole('dialog', { name: 'Profile picture' });
  await dialog.getByLabel('Choose a picture').setInputFiles(PICTURE);
  const preview = dialog.getByRole('img', { name: 'Your picture in the circle' });
  await preview.waitFor();
  await dialog.getByRole('slider', { name: 'Zoom' }).fill('1.8');
  await expect.poll(() => preview.getAttribute('data-zoom')).toBe('1.8');
  await dialog.getByRole('button', { name: 'Rotate right' }).click();
  await expect.poll(() => preview.getAttribute('data-rotation')).toBe('90');
  const box = (await preview.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 - 40, box.y + box.height / 2 + 10, { steps: 5 });
  await page.mouse.up();
  return dialog;
}

describe('the profile picture', () => {
  it('is cropped, uploaded, and shown in the account tab, the user menu and beside the member’s messages, also after a reload', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
    const member = await signUpAndSignIn(page, app.baseUrl, 'PILOT-E2E', 'Imani Okafor');
    await openAccountSettings(page, member);
    expect(await page.getByRole('img', { name: 'Your initials' }).innerText()).toBe('IO');

    const dialog = await cropPicture(page);
    await page.screenshot({ path: `${SHOTS}avatar-dialog-1280.png` });
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await page.getByText('Your profile picture is updated.').waitFor();
    await dialog.waitFor({ state: 'detached' });

    const inTab = await shown(page.getByRole('img', { name: 'Your profile picture' }));
    expect(inTab.path).toMatch(AVATAR_URL);
    // The crop is drawn at twice the 250 px preview.
    expect(inTab.width).toBe(500);
    await page.screenshot({ path: `${SHOTS}avatar-account-1280.png` });
    // The settings dialog hides the page behind it from assistive technology: close it to reach the menu.
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Settings' }).waitFor({ state: 'detached' });
    expect(await shown(page.getByRole('button', { name: `Account menu for ${member.name}` }).locator('img'))).toEqual(inTab);

    await page.reload();
    await openAccountSettings(page, member);
    expect(await shown(page.getByRole('img', { name: 'Your profile picture' }))).toEqual(inTab);

    await page.goto(`${app.baseUrl}/c/new`);
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('How do I keep a morning page habit?');
    await expect.poll(() => page.getByRole('button', { name: 'Send message' }).isEnabled(), { timeout: 15_000 }).toBe(true);
    await box.press('Enter');
    const mine = page.getByRole('article', { name: 'You' }).first();
    expect(await shown(mine.locator('img'))).toEqual(inTab);
    await page.screenshot({ path: `${SHOTS}avatar-message-1280.png` });
    await page.close();
  });

  it('fits a phone: the dialog as a sheet, and the new picture in the account tab', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const member = await signUpAndSignIn(page, app.baseUrl, 'PILOT-E2E', 'Tomás Rivera');
    await openAccountSettings(page, member);
    const dialog = await cropPicture(page);
    await page.screenshot({ path: `${SHOTS}avatar-dialog-390.png` });
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await dialog.waitFor({ state: 'detached' });
    const inTab = await shown(page.getByRole('img', { name: 'Your profile picture' }));
    expect([inTab.path, inTab.width]).toEqual([expect.stringMatching(AVATAR_URL), 500]);
    await page.screenshot({ path: `${SHOTS}avatar-account-390.png` });
    await page.close();
  });
});
