import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { startApp, type RunningApp } from './app.ts';
import { launchBrowser, type Browser } from './browser.ts';
import { travelTo } from './clock.ts';

export interface AppInBrowser {
  app: RunningApp;
  browser: Browser;
  context: BrowserContext;
  page: Page;
}

/**
 * A file's app and browser: started once before its tests (the app with `env`, one page at
 * `viewport`) and stopped after them. Returns an accessor, read inside tests. With `clock`, the
 * browser is in that zone and both clocks start at `startAt` (the app needs MELD_CLOCK_CONTROL=1).
 */
export function useAppInBrowser(env: Record<string, string>, viewport = { width: 1280, height: 900 }, clock?: { timeZone: string; startAt: Date }): () => AppInBrowser {
  let running: AppInBrowser | undefined;
  beforeAll(async () => {
    const app = await startApp(env);
    const browser = await launchBrowser();
    const context = await browser.newContext({ viewport, ...(clock ? { timezoneId: clock.timeZone } : {}) });
    if (clock) {
      await context.clock.install({ time: clock.startAt });
      await travelTo(app, context, clock.startAt);
    }
    running = { app, browser, context, page: await context.newPage() };
  });
  afterAll(async () => {
    await running?.browser.close();
    await running?.app.stop();
  });
  return () => {
    if (!running) throw new Error('The app is not started yet: read it inside a test.');
    return running;
  };
}
