import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe.ts';
import { launchBrowser, type Browser } from './support/browser.ts';

/**
 * The axe helper (support/axe.ts) picks how frames are reached: the cheaper run in the page itself
 * only on a page without frames. These pages put the same violation (an image without a text
 * alternative) in the page, in a same-origin frame and in a sandboxed frame of opaque origin: each
 * is found, also on a slow machine. What arrives while a check runs is checked once it has settled.
 */
let browser: Browser;
let page: Page;

const ORIGIN = 'http://axe-helper.test';
const VIOLATION = '<img src="/pixel.png">';
/** A banner that fades in once axe is in the page, as one that loads while a check runs: legible once it has faded in. */
const BANNER_WHEN_AXE_ARRIVES = `const poll = setInterval(() => {
  if (!window.axe) return;
  clearInterval(poll);
  document.head.insertAdjacentHTML('beforeend', '<style>@keyframes fade { from { opacity: 0.2 } to { opacity: 1 } }</style>');
  document.querySelector('main').insertAdjacentHTML('afterbegin', '<p style="animation: fade 1.5s; color: #000; background: #fff">Down for maintenance on Sunday.</p>');
}, 5);`;
/**
 * The same banner faded in by `element.animate()` (no animation events), put in the page the moment
 * axe starts: axe measures it barely visible, and nothing but the running animation tells.
 */
const BANNER_AS_AXE_STARTS = `const poll = setInterval(() => {
  if (!window.axe) return;
  clearInterval(poll);
  for (const name of ['run', 'runPartial']) {
    const original = window.axe[name];
    window.axe[name] = function (...args) {
      const banner = Object.assign(document.createElement('p'), { textContent: 'Down for maintenance on Sunday.' });
      banner.style.cssText = 'color: #000; background: #fff';
      document.querySelector('main').prepend(banner);
      banner.animate([{ opacity: 0.2 }, { opacity: 1 }], 1500);
      window.bannerShown = true;
      window.axe[name] = original;
      return original.apply(this, args);
    };
  }
}, 1);`;
const document = (body: string) => `<!doctype html><html lang="en"><head><title>Frames</title></head><body><main><h1>Frames</h1>${body}</main></body></html>`;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await (await browser.newContext()).newPage();
  await page.route(`${ORIGIN}/**`, (route) => {
    const path = new URL(route.request().url()).pathname;
    if (path === '/pixel.png') return route.fulfill({ contentType: 'image/png', body: Buffer.alloc(0) });
    const pages: Record<string, string> = {
      '/plain': document(VIOLATION),
      '/same-origin-frame': document('<iframe title="Inner" src="/inner"></iframe>'),
      '/opaque-frame': document('<iframe title="Inner" sandbox="allow-scripts" src="/inner"></iframe>'),
      '/inner': document(VIOLATION),

      '/clean': document('<iframe title="Inner" sandbox="allow-scripts" src="/clean-inner"></iframe>'),
      '/clean-inner': document('<p>Nothing wrong here.</p>'),
      '/late-banner': document(`<script>${BANNER_WHEN_AXE_ARRIVES}</script>`),
      '/banner-as-axe-starts': document(`<script>${BANNER_AS_AXE_STARTS}</script>`),
    };
    return route.fulfill({ contentType: 'text/html', body: pages[path] ?? 'not found', status: pages[path] ? 200 : 404 });
  });
});

afterAll(async () => {
  await browser?.close();
});

async function violationsAt(path: string): Promise<string[]> {
  await page.goto(`${ORIGIN}${path}`);
  await page.frames().at(-1)!.waitForLoadState();
  return seriousViolations(page);
}

describe('the axe helper reaches every frame and checks pages as they settle', () => {
  it('finds a violation in the page itself', async () => {
    expect((await violationsAt('/plain')).join('\n')).toMatch(/^image-alt \(critical\)/);
  });

  it('finds a violation inside a same-origin frame', async () => {
    expect((await violationsAt('/same-origin-frame')).join('\n')).toMatch(/^image-alt \(critical\).*iframe/);
  });

  it('finds a violation inside a frame on a slow machine (AxeBuilder alone gives a frame one second to load axe)', async () => {
    // Checked once at full speed, then again with a CPU a tenth as fast: parsing axe (half a
    // megabyte) in the frame again would take seconds, as on a busy CI machine.
    expect((await violationsAt('/same-origin-frame')).join('\n')).toMatch(/^image-alt \(critical\).*iframe/);
    const cdp = await page.context().newCDPSession(page);
    let found: string[];
    try {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 10 });
      found = await seriousViolations(page);
    } finally {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 }).catch(() => undefined);
      await cdp.detach().catch(() => undefined);
    }
    expect(found.join('\n')).toMatch(/^image-alt \(critical\).*iframe/);
  });

  it('finds a violation inside a sandboxed frame of another (opaque) origin', async () => {
    expect((await violationsAt('/opaque-frame')).join('\n')).toMatch(/^image-alt \(critical\).*iframe/);
  });

  it('checks what arrives while it runs once it has faded in, not half-blended', async () => {
    expect(await violationsAt('/late-banner')).toEqual([]);
  });

  it('checks again what was still moving when it ended, also an animation that sends no events', async () => {
    expect(await violationsAt('/banner-as-axe-starts')).toEqual([]);
    // The banner came as axe started, not after: the check above saw it.
    expect(await page.evaluate(() => (window as unknown as { bannerShown?: boolean }).bannerShown)).toBe(true);
  });

  it('finds nothing where nothing is wrong, frames included', async () => {
    expect(await violationsAt('/clean')).toEqual([]);
  });
});
