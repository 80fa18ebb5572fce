import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from './support/app.ts';
import { launchBrowser, type Browser } from './support/browser.ts';
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

/** Everything a visit would put in the console or the network panel as a problem. */
function watchNoise(page: Page): string[] {
  const noise: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') noise.push(`console ${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => noise.push(`page error: ${error.message}`));
  page.on('requestfailed', (request) => {
    const reason = request.failure()?.errorText ?? '';
    // A fetch the page's own navigation cut short (a chunk still loading at a reload) is not a failure anyone sees.
    if (reason !== 'net::ERR_ABORTED') noise.push(`failed request: ${request.method()} ${request.url()} ${reason}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) noise.push(`${response.status()} from ${response.request().method()} ${response.url()}`);
  });
  return noise;
}

/** Opens a page and lets its data calls settle. */
async function visit(page: Page, path: string): Promise<void> {
  await page.goto(`${app.baseUrl}${path}`);
  await page.waitForLoadState('networkidle');
}

describe('a normal visit leaves the console clean', () => {
  it('signed out: the welcome and sign-in pages ask for no refresh and log nothing', async () => {
    const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
    const noise = watchNoise(page);
    const refreshes: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/auth/refresh')) refreshes.push(request.url());
    });
    for (const path of ['/', '/welcome', '/login', '/register', '/forgot-password']) await visit(page, path);
    expect(refreshes).toEqual([]);
    expect(noise).toEqual([]);
    await page.close();
  });

  it('signed in: the main pages log nothing, speech config included, and the session still comes back on reload', async () => {
    const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
    const noise = watchNoise(page);
    await signUpAndSignIn(page, app.baseUrl, 'PILOT-E2E');
    const speechConfig = page.waitForResponse((response) => response.url().endsWith('/api/files/speech/config/get'));
    for (const path of ['/today', '/c/new', '/agents', '/prompts', '/settings/commands', '/log', '/library/wins-vault']) await visit(page, path);
    expect((await speechConfig).status()).toBe(200);
    // The hint cookie tells the page a refresh can succeed: a reload stays signed in.
    const restored = page.waitForResponse((response) => response.url().endsWith('/api/auth/refresh'));
    await page.reload();
    expect((await restored).status()).toBe(200);
    await page.waitForURL('**/library/wins-vault');
    expect(noise).toEqual([]);
    await page.close();
  });

  it("signed in: two tabs reloaded together each restore the session with one refresh, sent by the page's first script, one tab at a time", async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    const first = await context.newPage();
    await signUpAndSignIn(first, app.baseUrl, 'PILOT-E2E');
    const second = await context.newPage();
    await visit(second, '/today');
    await visit(first, '/today');

    // Sent and answered in turn: the first script takes the tabs' refresh lock as the app's code did (decision 0011).
    const order: string[] = [];
    context.on('request', (request) => void (request.url().endsWith('/api/auth/refresh') && order.push('sent')));
    context.on('response', (response) => void (response.url().endsWith('/api/auth/refresh') && order.push(`answered ${response.status()}`)));
    await Promise.all([first.reload(), second.reload()]);
    for (const page of [first, second]) {
      await page.getByRole('heading', { level: 1, name: /^(Good (morning|afternoon|evening)|Still up)/ }).waitFor();
      expect(page.url()).toMatch(/\/today$/);
      // The API client took the first script's refresh rather than sending one of its own.
      expect(await page.evaluate(() => 'meldEarlyRefresh' in window)).toBe(false);
    }
    expect(order).toEqual(['sent', 'answered 200', 'sent', 'answered 200']);
    await context.close();
  });
});
