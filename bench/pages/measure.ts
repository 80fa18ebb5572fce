import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { DEFAULT_WEB_DIST } from '../../infra/lib/paths.ts';

/**
 * Chrome DevTools' "mobile" preset: a mid-range phone is about four times slower than a developer's
 * laptop. The budgets are set at 4x; `MELD_BENCH_CPU` measures at another rate, for a machine that
 * is itself several times slower than such a laptop (README, the pages bench's calibration).
 */
export const CPU_THROTTLING = Number(process.env.MELD_BENCH_CPU) >= 1 ? Number(process.env.MELD_BENCH_CPU) : 4;
const VIEWPORT = { width: 1280, height: 900 };
const SETTLE_QUIET_MS = 500;

export interface PageFigures {
  scripts: number;
  /** Bytes over the local server, which does not compress (CloudFront does). */
  jsTransferBytes: number;
  /** The same scripts gzipped, as CloudFront sends them. */
  jsGzipBytes: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  longTasks: number;
  /** The largest scripts it downloaded, gzipped, heaviest first. */
  heaviest: [string, number][];
  /** What the largest contentful paint painted. */
  lcpElement: string;
  /** Text on the page that looks like an untranslated i18next key (a strings part not loaded). */
  rawKeys: string[];
}

// Installed before any page script: LCP and long tasks are only observable from the start.
const OBSERVERS = `(() => {
  const perf = { lcp: 0, lcpElement: '', longTasks: [] };
  window.__meldPerf = perf;
  const describe = (el) => el ? el.tagName.toLowerCase() + (el.textContent ? ' "' + el.textContent.trim().slice(0, 30) + '"' : '') : '';
  new PerformanceObserver((list) => { for (const e of list.getEntries()) { perf.lcp = e.startTime; perf.lcpElement = describe(e.element); } }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => { for (const e of list.getEntries()) perf.longTasks.push([e.startTime, e.duration]); }).observe({ type: 'longtask', buffered: true });
})();`;

const gzipCache = new Map<string, number>();
function gzipSize(pathname: string, distDir: string): number {
  let size = gzipCache.get(pathname);
  if (size === undefined) {
    const file = join(distDir, pathname);
    size = existsSync(file) ? gzipSync(readFileSync(file)).length : 0;
    gzipCache.set(pathname, size);
  }
  return size;
}

const BUSY_TIMEOUT_MS = 15_000;
const BUSY_POLL_MS = 100;

/**
 * Waits for the page's data: the network quiet, no region still marked busy, then a short pause.
 * Asked with a plain evaluate, not a Playwright locator: a locator injects Playwright's selector
 * engine into the page, whose compilation was a 100-160 ms long task at 4x CPU, counted as the
 * page's own blocking time on every page.
 */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  const until = Date.now() + BUSY_TIMEOUT_MS;
  while (Date.now() < until && (await page.evaluate(() => document.querySelector('[aria-busy="true"]') !== null))) {
    await page.waitForTimeout(BUSY_POLL_MS);
  }
  await page.waitForTimeout(SETTLE_QUIET_MS);
}

/**
 * Opens `url` in a fresh browser context (an empty cache, as a first visit has), signed in when
 * `storageState` carries the session cookie, with the CPU throttled; measures until it settles
 * and answers the session as it is afterwards.
 */
export async function measurePage(
  browser: Browser,
  url: string,
  storageState: BrowserContextOptions['storageState'],
  rawKeyPattern: RegExp,
  distDir = DEFAULT_WEB_DIST,
): Promise<{ figures: PageFigures; storageState: BrowserContextOptions['storageState'] }> {
  const context = await browser.newContext({ viewport: VIEWPORT, storageState });
  try {
    const page = await context.newPage();
    await page.addInitScript(OBSERVERS);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLING });
    await page.goto(url, { waitUntil: 'load' });
    await settle(page);
    const raw = await page.evaluate(() => {
      const perf = (window as unknown as { __meldPerf: { lcp: number; lcpElement: string; longTasks: [number, number][] } }).__meldPerf;
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
      const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
        .map((entry) => ({ pathname: new URL(entry.name).pathname, transferSize: entry.transferSize }));
      return { fcp, lcp: perf.lcp, lcpElement: perf.lcpElement, longTasks: perf.longTasks, scripts, text: document.body.innerText };
    });
    // Total blocking time: each long task's time beyond 50 ms, from first contentful paint until settled.
    const counted = raw.longTasks.filter(([start, duration]) => start + duration > raw.fcp);
    const tbtMs = counted.reduce((sum, [start, duration]) => sum + Math.max(0, duration - 50 - Math.max(0, raw.fcp - start)), 0);
    const sizes = raw.scripts.map((s): [string, number] => [s.pathname.split('/').at(-1)!, gzipSize(s.pathname, distDir)]);
    const figures: PageFigures = {
      scripts: raw.scripts.length,
      jsTransferBytes: raw.scripts.reduce((sum, s) => sum + s.transferSize, 0),
      jsGzipBytes: sizes.reduce((sum, [, bytes]) => sum + bytes, 0),
      heaviest: sizes.sort((a, b) => b[1] - a[1]).slice(0, 5),
      lcpElement: raw.lcpElement,
      fcpMs: raw.fcp,
      lcpMs: raw.lcp,
      tbtMs,
      longTasks: counted.length,
      rawKeys: [...new Set(raw.text.match(rawKeyPattern) ?? [])],
    };
    // Signing in again from the cookie rotated the refresh token: the next visit needs the new one.
    return { figures, storageState: await context.storageState() };
  } finally {
    await context.close();
  }
}
