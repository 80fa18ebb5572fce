import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI } from '../functions/src/providers/llm/__fakes__/openai-server.ts';
import type { FakeServer } from '../functions/src/providers/llm/__fakes__/sse-server.ts';
import { startApp, type RunningApp } from './support/app.ts';
import { launchBrowser, type Browser } from './support/browser.ts';
import { signIn, signUpAndSignIn, type Member } from './support/member.ts';

/*
 * Issue 25, section 2: a send the server would refuse is warned of first, and a send refused
 * anyway (or lost to the network) gives the draft back, attachment included, with a Retry; a draft
 * survives a reload and stays its member's own.
 */

const SHOTS = new URL('../test-results/e2e/', import.meta.url).pathname;
const VIEWPORTS = [
  { width: 1280, height: 720 },
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
  { width: 390, height: 844 },
];

let app: RunningApp;
let provider: FakeServer;
let browser: Browser;
let page: Page;
let member: Member;
let token: string;

beforeAll(async () => {
  provider = await startFakeOpenAI({ tokens: ['A', ' rising', ' chart', '.'], intervalMs: 20 });
  const configFile = join(tmpdir(), `meld-e2e-failed-send-${process.pid}.json`);
  // Keyed takes each member's own key and sees images; Local's llama3 cannot see them.
  const endpoint = (name: string, apiKey: string, models: string[]) => ({ name, apiKey, baseURL: `${provider.url}/v1`, models, titleModel: models[0] });
  writeFileSync(configFile, JSON.stringify({ endpoints: { custom: [endpoint('Keyed', 'user_provided', ['gpt-4o']), endpoint('Local', 'fake-key', ['llama3'])] } }));
  app = await startApp({ MELD_SIGNUP_CODES: 'PILOT-E2E', MELD_CONFIG_FILE: configFile });
  browser = await launchBrowser();
  page = await (await browser.newContext({ viewport: VIEWPORTS[0] })).newPage();
  member = await signUpAndSignIn(page, app.baseUrl, 'PILOT-E2E', 'Amara Obi');
  token = await signIn(page, app.baseUrl, member);
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await provider?.close();
});

const box = () => page.getByRole('textbox', { name: 'Message' });
const sendButton = () => page.getByRole('button', { name: 'Send message' });
const warnings = () => page.getByRole('list', { name: 'Before this can be sent' });
const chips = () => page.getByRole('list', { name: 'Attached files' });

async function chooseModel(endpoint: string, model: string) {
  const picker = page.getByRole('button', { name: /^Model:/ });
  await expect.poll(() => picker.isEnabled(), { timeout: 15_000 }).toBe(true);
  await picker.click();
  await page.getByRole('combobox', { name: 'Search models' }).fill(`${endpoint} ${model}`);
  await page.locator(`[role="option"][title="${model}"]`).first().click();
}

/** A small PNG drawn by the browser, as a chart a member might attach. */
async function attachChart() {
  const data = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 120;
    canvas.height = 80;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#c2562c';
    context.fillRect(10, 20, 30, 60);
    return canvas.toDataURL('image/png').split(',')[1]!;
  });
  await page.getByTestId('attach-input').setInputFiles({ name: 'chart.png', mimeType: 'image/png', buffer: Buffer.from(data, 'base64') });
  await chips().getByText('chart.png').waitFor();
  await expect.poll(() => page.getByLabel(/^Uploading /).count(), { timeout: 15_000 }).toBe(0);
}

/** Visible means on screen: inside the viewport, not merely in the page. */
async function onScreen(locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize();
  return !!box && !!viewport && (await locator.isVisible()) && box.y >= 0 && box.y + box.height <= viewport.height && box.x >= 0 && box.x + box.width <= viewport.width;
}

async function shootEveryViewport(name: string, locator: Locator) {
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await locator.scrollIntoViewIfNeeded();
    expect(await onScreen(locator), `${name} at ${viewport.width}x${viewport.height}`).toBe(true);
    await page.screenshot({ path: `${SHOTS}failed-send-${name}-${viewport.width}.png` });
  }
  await page.setViewportSize(VIEWPORTS[0]!);
}

describe('a failed send loses nothing', () => {
  it('warns before an image goes to a model that cannot see images, at every size', async () => {
    await page.goto(`${app.baseUrl}/c/new`);
    await chooseModel('Local', 'llama3');
    await attachChart();
    await box().fill('What does this chart show?');
    const warning = warnings().getByText('llama3 cannot see images. Switch to a model that can, or remove the image.');
    await warning.waitFor();
    expect(await sendButton().isDisabled()).toBe(true);
    await shootEveryViewport('vision', warnings());
    await warnings().getByRole('button', { name: 'Remove image' }).click();
    await chips().waitFor({ state: 'detached' });
    expect(await sendButton().isEnabled()).toBe(true);
  });

  it('warns that the endpoint needs her key; refused anyway, the draft comes back with its image and Retry sends it once the key is set', async () => {
    await page.goto(`${app.baseUrl}/c/new`);
    await chooseModel('Keyed', 'gpt-4o');
    await attachChart();
    await box().fill('Describe the chart');
    await warnings().getByText('Keyed needs your own API key. Set your key to send this message.').waitFor();
    expect(await sendButton().isDisabled()).toBe(true);
    await shootEveryViewport('key', warnings());

    // She sets a key, and it is revoked elsewhere before she sends: this page still thinks it is set.
    await warnings().getByRole('button', { name: 'Set Keyed key' }).click();
    const dialog = page.getByRole('dialog', { name: 'API key for Keyed' });
    await dialog.getByLabel('API key').fill('sk-first');
    await dialog.getByRole('button', { name: 'Save key' }).click();
    await dialog.waitFor({ state: 'detached' });
    await warnings().waitFor({ state: 'detached' });
    const revoked = await fetch(`${app.baseUrl}/api/keys/Keyed`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
    expect(revoked.status).toBe(200);

    const before = provider.requests.length;
    await sendButton().click();
    // The key dialog opens by itself for a refusal for want of a key (else the refusal offers it).
    const alert = page.getByRole('alert').filter({ hasText: 'Not sent. Your message is back in the box.' });
    await dialog.or(alert).first().waitFor();
    if (!(await dialog.isVisible())) await alert.getByRole('button', { name: 'Set Keyed key' }).click();
    await dialog.getByLabel('API key').fill('sk-second');
    await dialog.getByRole('button', { name: 'Save key' }).click();
    await dialog.waitFor({ state: 'detached' });

    await alert.waitFor();
    expect(await alert.textContent()).toContain('No key found. Please provide a key and try again.');
    expect(await box().inputValue()).toBe('Describe the chart');
    expect(await chips().getByText('chart.png').isVisible()).toBe(true);
    expect(page.url()).toMatch(/\/c\/new$/);
    expect(provider.requests.length).toBe(before);
    await shootEveryViewport('refused', alert);

    await alert.getByRole('button', { name: 'Retry' }).click();
    await page.waitForURL(/\/c\/[0-9a-f-]{36}$/);
    await page.getByText('A rising chart.', { exact: true }).waitFor();
    const asked = provider.requests.slice(before).find((request) => JSON.stringify(request.body).includes('Describe the chart'));
    expect(JSON.stringify(asked?.body)).toContain('image_url');
    expect(asked?.headers.authorization).toBe('Bearer sk-second');
    expect(await box().inputValue()).toBe('');
  });

  it('keeps the draft when the network fails, and sends it on Retry once it is back', async () => {
    await page.goto(`${app.baseUrl}/c/new`);
    await chooseModel('Keyed', 'gpt-4o');
    await box().fill('Are you there?');
    await page.route('**/api/ask/**', (route) => route.abort('internetdisconnected'));
    await sendButton().click();
    const alert = page.getByRole('alert').filter({ hasText: 'Not sent.' });
    await alert.waitFor();
    expect(await box().inputValue()).toBe('Are you there?');
    await page.unroute('**/api/ask/**');
    await alert.getByRole('button', { name: 'Retry' }).click();
    await page.waitForURL(/\/c\/[0-9a-f-]{36}$/);
    await page.getByText('A rising chart.').first().waitFor();
  });

  it('keeps a draft with its attachment across a reload, for its member only', async () => {
    await page.goto(`${app.baseUrl}/c/new`);
    await chooseModel('Keyed', 'gpt-4o');
    await attachChart();
    await box().fill('Half a question about the chart');
    await page.reload();
    await box().waitFor();
    await expect.poll(() => box().inputValue(), { timeout: 10_000 }).toBe('Half a question about the chart');
    expect(await chips().getByText('chart.png').isVisible()).toBe(true);
    await page.screenshot({ path: `${SHOTS}failed-send-reloaded-1280.png` });

    // Another member on the same browser sees none of it, and signing out leaves no draft behind.
    const drafts = () => page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('meld:draft:')));
    const other = await signUpAndSignIn(page, app.baseUrl, 'PILOT-E2E', 'Bea Lund');
    await page.goto(`${app.baseUrl}/c/new`);
    await box().waitFor();
    await chooseModel('Keyed', 'gpt-4o');
    expect(await box().inputValue()).toBe('');
    expect(await chips().count()).toBe(0);
    expect((await drafts()).length).toBeGreaterThan(0);
    await page.getByRole('button', { name: `Account menu for ${other.name}` }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).or(page.getByRole('button', { name: 'Sign out' })).click();
    await page.waitForURL('**/login');
    expect(await drafts()).toEqual([]);
  });
});
