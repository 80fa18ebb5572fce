import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { startApp, type RunningApp } from './app.ts';
import { launchBrowser, type Browser } from './browser.ts';

export interface AppInBrowser {
  app: RunningApp;
  browser: Browser;
  context: BrowserContext;
  page: Page;
}

/**
 * A file's app and browser: started once before its tests (the app with `env`, one page at
 * `viewport`) and stopped after them. Returns an accessor, read inside tests.
 */
export function useAppInBrowser(env: Record<string, string>, viewport = { width: 1280, height: 900 }): () => AppInBrowser {
  let running: AppInBrowser | undefined;
  beforeAll(async () => {
    const app = await startApp(env);
    const browser = await launchBrowser();
    const context = await browser.newContext({ viewport });
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
