import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI } from '../functions/src/providers/llm/__fakes__/openai-server.ts';
import type { FakeServer } from '../functions/src/providers/llm/__fakes__/sse-server.ts';
import { startApp, type RunningApp } from './support/app.ts';
import { launchBrowser, type Browser } from './support/browser.ts';
import { signUpAndSignIn } from './support/member.ts';
import { modelPicker } from './support/model-picker.ts';

const SHOTS = new URL('../test-results/e2e/', import.meta.url).pathname;
// The fake model reads this directive and calls the code tool with these arguments (tool-script.ts).
const ASK = 'What is six times seven? [[tool:execute_code {"lang":"javascript","code":"console.log(6 * 7)"}]]';

let app: RunningApp;
let provider: FakeServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  provider = await startFakeOpenAI({ intervalMs: 40 });
  const configFile = join(tmpdir(), `meld-e2e-agents-${process.pid}.json`);
  writeFileSync(configFile, JSON.stringify({ endpoints: { custom: [{ name: 'Workshop', apiKey: 'fake-key', baseURL: `${provider.url}/v1`, models: ['gpt-4o-mini'] }] } }));
  app = await startApp({ MELD_SIGNUP_CODES: 'PILOT-E2E', MELD_CONFIG_FILE: configFile });
  browser = await launchBrowser();
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signUpAndSignIn(page, app.baseUrl, 'PILOT-E2E', 'Amara Okafor');
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await provider?.close();
});

describe('agents', () => {
  it('builds an agent with the code runner, chats with it and sees the tool call run to done with its output', async () => {
    await page.goto(`${app.baseUrl}/agents`);
    await page.getByRole('link', { name: 'New agent' }).click();
    const form = page.getByRole('form', { name: 'New agent' });
    await form.getByLabel('Name').fill('Number helper');
    await form.getByLabel('Description').fill('Checks arithmetic by running code');
    await form.getByLabel('Instructions').fill('Use the code runner for every sum.');
    await expect.poll(() => form.getByLabel('Provider').inputValue()).toBe('Workshop');
    await form.getByRole('checkbox', { name: /Code runner/ }).check();
    await form.getByRole('button', { name: 'Add a starter' }).click();
    await form.getByRole('textbox', { name: 'Conversation starter 1' }).fill('Multiply two numbers for me');
    await form.getByRole('button', { name: 'Create agent' }).click();

    const saved = page.getByRole('form', { name: 'Edit Number helper' });
    await saved.waitFor({ timeout: 15_000 });
    expect(page.url()).toMatch(/\/agents\/agent_[\w-]+$/);
    await expect.poll(() => saved.getByRole('checkbox', { name: /Code runner/ }).isChecked()).toBe(true);
    await page.screenshot({ path: `${SHOTS}agents-builder-1280.png` });

    await saved.getByRole('link', { name: 'Start a chat' }).click();
    await page.getByRole('heading', { level: 1, name: 'Number helper' }).waitFor();
    await page.getByRole('button', { name: 'Multiply two numbers for me' }).waitFor();
    await page.screenshot({ path: `${SHOTS}agents-greeting-1280.png` });
    // Every state a tool-call card passes through, recorded as the page renders it.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { toolStates: string[] }).toolStates = seen;
      new MutationObserver(() => {
        document.querySelectorAll('[data-state]').forEach((card) => {
          const state = card.getAttribute('data-state')!;
          if (/code/i.test(card.textContent ?? '') && seen.at(-1) !== state) seen.push(state);
        });
      }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-state'] });
    });
    await page.getByRole('textbox', { name: 'Message' }).fill(ASK);
    await page.getByRole('button', { name: 'Send message' }).click();

    // The card appears while the code runs, then turns done with what the code printed.
    const card = page.locator('[data-state]', { hasText: /Running code|Ran code/ }).first();
    await card.waitFor({ timeout: 30_000 });
    await expect.poll(() => card.getAttribute('data-state'), { timeout: 60_000 }).toBe('done');
    await expect.poll(() => card.innerText()).toContain('42');
    expect(await page.evaluate(() => (window as unknown as { toolStates: string[] }).toolStates)).toEqual(['running', 'done']);
    // The fake model answers with the tool's result, so the answer shows the code's output went back to it.
    await page.getByRole('article').getByText(/The tool said:[\s\S]*42/).waitFor({ timeout: 30_000 });
    await page.waitForURL(/\/c\/[\w-]+$/);
    await page.screenshot({ path: `${SHOTS}agents-chat-1280.png` });

    // The saved conversation remembers its agent and its tool call after a reload.
    await page.reload();
    await page.getByText(/The tool said:[\s\S]*42/).waitFor();
    expect(await page.locator('[data-state="done"]', { hasText: 'Ran code' }).count()).toBe(1);
    await expect.poll(() => modelPicker(page).textContent()).toBe('Model: Number helper');
    // The model was offered the code tool and sent the tool's output back on its second step.
    const offered = provider.requests.find((request) => ((request.body as { tools?: unknown[] }).tools ?? []).length > 0);
    expect(JSON.stringify(offered?.body)).toContain('execute_code');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}agents-chat-390.png` });
    await page.goto(page.url().replace(/\/c\/.*$/, '/agents'));
    await page.getByRole('navigation', { name: 'Your agents' }).waitFor();
    await page.screenshot({ path: `${SHOTS}agents-list-390.png` });
    await page.getByRole('link', { name: /Number helper/ }).click();
    await page.getByRole('form', { name: 'Edit Number helper' }).waitFor();
    await page.screenshot({ path: `${SHOTS}agents-builder-390.png` });
  }, 240_000);
});
