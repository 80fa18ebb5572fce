import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
  // The app's own config with balances on and a start balance that pays for about one demo reply.
  const config = JSON.parse(readFileSync(new URL('../meld.config.json', import.meta.url), 'utf8')) as Record<string, unknown>;
  const configFile = join(tmpdir(), `meld-e2e-balance-${process.pid}.json`);
  writeFileSync(configFile, JSON.stringify({ ...config, balance: { enabled: true, startBalance: 120 } }));
  app = await startApp({ MELD_SIGNUP_CODES: 'PILOT-E2E', MELD_DEMO_WORD_DELAY_MS: '10', MELD_CONFIG_FILE: configFile });
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await signUpAndSignIn(page, app.baseUrl, 'PILOT-E2E', 'Ines Duarte');
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

async function send(text: string) {
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  await expect.poll(() => page.getByRole('button', { name: 'Send message' }).isEnabled(), { timeout: 15_000 }).toBe(true);
  await box.press('Enter');
}

describe('a token balance', () => {
  it('shows the balance going down, then the insufficient-funds message once it is spent', async () => {
    await page.goto(`${app.baseUrl}/c/new`);
    await send('Help me write a short note to my team.');
    await page.getByRole('article').getByText('not available here yet').waitFor({ timeout: 20_000 });

    await page.getByRole('button', { name: /account menu/i }).click();
    const balance = page.getByText(/^Balance: \d/);
    // The menu may first show the balance it held; the reply's spend comes with the refetch after it.
    await expect.poll(async () => Number((await balance.innerText()).replace(/\D/g, '')), { timeout: 10_000 }).toBeLessThan(120);
    const left = Number((await balance.innerText()).replace(/\D/g, ''));
    await page.keyboard.press('Escape');

    await send('And one more note, please.');
    const refusal = page.getByRole('article').getByText('Insufficient Funds!', { exact: false });
    await refusal.waitFor({ timeout: 20_000 });
    expect(await refusal.innerText()).toContain(`Balance: ${left}`);
    await page.screenshot({ path: `${SHOTS}balance-insufficient.png` });
    // The refusal is the saved reply: it is still there after a reload.
    await page.reload();
    await page.getByRole('article').getByText('Insufficient Funds!', { exact: false }).waitFor();
  });
});
