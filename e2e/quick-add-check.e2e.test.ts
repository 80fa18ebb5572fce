import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type Browser } from './support/browser.ts';
import { quickAddCovering } from './support/layout.ts';

/**
 * The layout suite's quick-add check (support/layout.ts quickAddCovering) on pages built to pass or
 * fail it: a floating button in the corner as the shell places it, a toast list as the app's, and
 * the page's last line either clear of the button or under it.
 */
let browser: Browser;
let page: Page;

const button = '<div data-quick-add style="position: fixed; right: 20px; bottom: 20px"><button style="width: 56px; height: 56px">+</button></div>';
const toasts = (bottom: number) => `<section aria-label="Notifications" style="position: fixed; left: 16px; right: 16px; bottom: ${bottom}px"><ol style="margin: 0; padding: 0"></ol></section>`;
const html = (main: string, toastBottom: number) =>
  `<!doctype html><html lang="en"><head><title>Quick add</title></head><body style="margin: 0"><main style="padding: 0 20px ${main === 'room' ? 96 : 0}px">${'<p>Line</p>'.repeat(40)}<p style="text-align: right">The last words of the page</p></main>${button}${toasts(toastBottom)}</body></html>`;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
});

afterAll(async () => {
  await browser?.close();
});

describe('quickAddCovering', () => {
  it('finds nothing when the page leaves room below its end and toasts rise above the button', async () => {
    await page.setContent(html('room', 96));
    expect(await quickAddCovering(page)).toEqual([]);
  });

  it('finds the text under the button at the page end, and a toast over the button', async () => {
    await page.setContent(html('none', 16));
    expect(await quickAddCovering(page)).toEqual(['the quick-add button covers the text "The last words of the page"', 'a toast sits over the quick-add button']);
  });
});
