import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from './support/app.ts';
import { launchBrowser, preferLessTransparency, type Browser } from './support/browser.ts';
import { signUpAndSignIn } from './support/member.ts';

let app: RunningApp;
let browser: Browser;

beforeAll(async () => {
  app = await startApp({ MELD_SIGNUP_CODES: 'PILOT-E2E' });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe('reduced transparency and reduced motion (the operating system settings)', () => {
  it('takes the frosted glass from the header and from behind dialogs, which blur without it', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await signUpAndSignIn(page, app.baseUrl, 'PILOT-E2E', 'Lena Petrova');
    const header = page.locator('header').first();
    const blur = () => header.evaluate((element) => getComputedStyle(element).backdropFilter);
    const overlayBlur = () => page.evaluate(() => Array.from(document.querySelectorAll('body *')).map((element) => getComputedStyle(element).backdropFilter).filter((value) => value !== 'none'));

    // Every test page asks for reduced transparency (support/browser.ts).
    await expect.poll(() => page.evaluate(() => matchMedia('(prefers-reduced-transparency: reduce)').matches)).toBe(true);
    expect(await blur()).toBe('none');
    await page.getByRole('button', { name: /^Account menu for/ }).click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    await page.getByRole('dialog', { name: 'Settings' }).waitFor();
    expect(await overlayBlur()).toEqual([]);
    await page.keyboard.press('Escape');

    // As people without the setting see it.
    await preferLessTransparency(page, 'no-preference');
    await expect.poll(blur).toMatch(/^blur\(/);
    await page.getByRole('button', { name: /^Account menu for/ }).click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    await page.getByRole('dialog', { name: 'Settings' }).waitFor();
    expect((await overlayBlur()).length).toBeGreaterThan(1);
  });

  it('ends the dialogs’ slide and the overlay’s fade at once, which move without it', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await signUpAndSignIn(page, app.baseUrl, 'PILOT-E2E', 'Ines Duarte');
    // What the dialog and the overlay behind it run, and for how long, once Settings opens.
    const motion = async () => {
      await page.getByRole('button', { name: /^Account menu for/ }).click();
      await page.getByRole('menuitem', { name: 'Settings' }).click();
      const dialog = page.getByRole('dialog', { name: 'Settings' });
      await dialog.waitFor();
      const seen = await dialog.evaluate((element) => {
        const overlay = Array.from(document.querySelectorAll('body *')).find((node) => getComputedStyle(node).animationName === 'fade-in');
        return { dialog: `${getComputedStyle(element).animationName} ${getComputedStyle(element).animationDuration}`, overlay: overlay ? getComputedStyle(overlay).animationDuration : 'none' };
      });
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      return seen;
    };

    // Every test context asks for reduced motion (support/browser.ts).
    expect(await page.evaluate(() => matchMedia('(prefers-reduced-motion: reduce)').matches)).toBe(true);
    expect(await motion()).toEqual({ dialog: 'slide-up 0.001s', overlay: '0.001s' });

    // As people without the setting see it.
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    expect(await motion()).toEqual({ dialog: 'slide-up 0.22s', overlay: '0.18s' });
  });
});
