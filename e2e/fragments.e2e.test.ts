import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from './support/app.ts';
import { launchBrowser, type Browser } from './support/browser.ts';
import { signUpAndSignIn } from './support/member.ts';

const SHOTS = new URL('../test-results/e2e/', import.meta.url).pathname;

let app: RunningApp;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  app = await startApp({ MELD_SIGNUP_CODES: 'PILOT-E2E' });
  browser = await launchBrowser();
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signUpAndSignIn(page, app.baseUrl, 'PILOT-E2E');
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const option = (name: RegExp) => page.getByRole('option', { name });

describe('Fragments', () => {
  it('captures from the shell’s quick-add and the web clip, and keeps them after a reload', async () => {
    await page.getByRole('button', { name: 'Quick add' }).click();
    // This installation has no speech-to-text engine: a voice note could not be kept, so none is offered.
    await page.getByRole('menuitem', { name: 'New Fragment' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Voice Note' }).count()).toBe(0);
    await page.getByRole('menuitem', { name: 'New Fragment' }).click();
    const quick = page.getByRole('dialog', { name: 'Quick Fragment' });
    await quick.getByRole('textbox', { name: 'Fragment' }).fill('I realized the best feedback is specific and kind');
    await quick.getByText('Detected: Insight').waitFor();
    await quick.getByRole('textbox', { name: /Tags/ }).fill('feedback, leadership');
    await quick.getByRole('button', { name: 'Capture' }).click();
    await page.getByText('Fragment captured').first().waitFor();
    await quick.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: /Web clip/ }).click();
    const clip = page.getByRole('dialog', { name: 'Web clip' });
    await clip.getByRole('textbox', { name: 'Page address' }).fill('https://example.com/feedback-essay');
    await clip.getByRole('textbox', { name: 'Quote' }).fill('Feedback is a gift when it arrives early.');
    await clip.getByRole('button', { name: 'Clip' }).click();
    await clip.waitFor({ state: 'detached' });

    await page.reload();
    await option(/best feedback is specific/).waitFor();
    await option(/Feedback is a gift/).click();
    const preview = page.getByRole('complementary', { name: 'Fragment preview' });
    expect(await preview.getByRole('link', { name: /Open the page · example.com/ }).getAttribute('href')).toBe('https://example.com/feedback-essay');
    expect(await preview.getByText('Web clip', { exact: true }).count()).toBe(1);
  });

  it('weaves two fragments into a reflection that the log shows', async () => {
    await page.keyboard.down('Control');
    await option(/best feedback is specific/).click();
    await option(/Feedback is a gift/).click();
    await page.keyboard.up('Control');
    await page.getByText('2 selected').waitFor();
    await page.keyboard.press('Control+e');
    const weave = page.getByRole('dialog', { name: 'Weave Fragments' });
    expect(await weave.getByRole('textbox', { name: 'Reflection' }).inputValue()).toContain('- Insight: I realized the best feedback is specific and kind');
    await weave.getByRole('textbox', { name: 'Title' }).fill('What good feedback looks like');
    await weave.getByRole('button', { name: 'Weave reflection' }).click();
    await page.getByText('Reflection woven and saved to your log').waitFor();
    await weave.waitFor({ state: 'detached' });
    expect(await page.getByText('2 selected').count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}fragments.png` });

    await page.getByRole('link', { name: 'Log' }).click();
    await page.waitForURL('**/log');
    await page.getByText('What good feedback looks like').first().waitFor();
    await page.goto(`${app.baseUrl}/fragments`);
  });

  it('pins a fragment to the Wins Vault and finds the new win there', async () => {
    await option(/best feedback is specific/).click();
    const preview = page.getByRole('complementary', { name: 'Fragment preview' });
    await preview.getByRole('button', { name: 'Pin to Wins Vault' }).click();
    await page.getByText('Pinned to your Wins Vault').waitFor();
    await page.getByRole('button', { name: 'Open vault' }).click();
    await page.waitForURL('**/library/wins-vault');
    await page.getByRole('button', { name: /I realized the best feedback is specific and kind/ }).waitFor();
  });
});
