import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI } from '../functions/src/providers/llm/__fakes__/openai-server.ts';
import type { FakeServer } from '../functions/src/providers/llm/__fakes__/sse-server.ts';
import { startApp, type RunningApp } from './support/app.ts';
import { launchBrowser, type Browser } from './support/browser.ts';
import { signUpAndSignIn } from './support/member.ts';
import { chooseModel } from './support/model-picker.ts';

const SHOTS = new URL('../test-results/e2e/', import.meta.url).pathname;

const PROGRAM = ['total = sum(n * n for n in range(1, 11))', 'print("sum of squares:", total)', 'with open("/mnt/data/squares.csv", "w") as f:', '    f.write("n,square\\n" + "".join(f"{n},{n * n}\\n" for n in range(1, 11)))'].join('\n');
const REPLY = `Here is a short program:\n\n\`\`\`python\n${PROGRAM}\n\`\`\`\n\nRun it to see the total.`;

let app: RunningApp;
let model: FakeServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  // The reply with the code block arrives line by line; a title request gets a short title.
  model = await startFakeOpenAI({ reply: (body) => (JSON.stringify(body).includes('sum of squares') ? ['Squares'] : REPLY.split(/(?<=\n)/)), intervalMs: 10 });
  const configFile = join(tmpdir(), `meld-e2e-run-code-${process.pid}.json`);
  writeFileSync(configFile, JSON.stringify({ endpoints: { custom: [{ name: 'Studio', apiKey: 'fake-key', baseURL: `${model.url}/v1`, models: ['fake-coder'] }] } }));
  app = await startApp({ MELD_SIGNUP_CODES: 'PILOT-E2E', MELD_CONFIG_FILE: configFile });
  browser = await launchBrowser();
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signUpAndSignIn(page, app.baseUrl, 'PILOT-E2E', 'Yaw Boateng');
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await model?.close();
});

describe('running a code block', () => {
  it('runs the Python block of a reply and shows its output and the file it wrote, also after a reload', async () => {
    await page.goto(`${app.baseUrl}/c/new`);
    await chooseModel(page, 'fake-coder');
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('Write a program that adds the squares of 1 to 10');
    await expect.poll(() => page.getByRole('button', { name: 'Send message' }).isEnabled(), { timeout: 15_000 }).toBe(true);
    await box.press('Enter');
    await page.getByText('Run it to see the total.', { exact: true }).waitFor({ timeout: 20_000 });
    await page.waitForURL(/\/c\/(?!new)/);

    const run = page.getByRole('button', { name: 'Run', exact: true });
    await run.click();
    // Disabled while it runs (the first Python run loads the interpreter).
    await page.getByRole('button', { name: 'Running…' }).waitFor();
    expect(await page.getByRole('button', { name: 'Running…' }).isDisabled()).toBe(true);
    const output = page.getByRole('region', { name: 'Output' });
    await output.getByText('sum of squares: 385').waitFor({ timeout: 60_000 });
    await output.getByText('squares.csv').first().waitFor();
    await page.screenshot({ path: `${SHOTS}run-code-1280.png` });

    // The file is the user's: it downloads with what the program wrote.
    const download = page.waitForEvent('download');
    await output.getByRole('button', { name: /Download squares\.csv/ }).click();
    const saved = await (await download).path();
    expect(readFileSync(saved, 'utf8')).toContain('10,100');

    await page.reload();
    await page.getByRole('region', { name: 'Output' }).getByText('sum of squares: 385').waitFor({ timeout: 15_000 });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('region', { name: 'Output' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}run-code-390.png` });
    await page.setViewportSize({ width: 1280, height: 900 });
  });
});
