import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfWithText } from '../functions/src/providers/llm/__fakes__/documents.ts';
import { startFakeOpenAI } from '../functions/src/providers/llm/__fakes__/openai-server.ts';
import type { FakeServer } from '../functions/src/providers/llm/__fakes__/sse-server.ts';
import { startApp, type RunningApp } from './support/app.ts';
import { launchBrowser, type Browser } from './support/browser.ts';
import { signUpAndSignIn } from './support/member.ts';
import { chooseModel } from './support/model-picker.ts';

const SHOTS = new URL('../test-results/e2e/', import.meta.url).pathname;
const PDF_TEXT = 'Quarterly revenue grew 12 percent in the north region';

let app: RunningApp;
let provider: FakeServer;
let browser: Browser;
let page: Page;

interface SentMessage {
  role: string;
  content: string | Array<{ type: string; text?: string; image_url?: { url: string; detail: string } }>;
}

beforeAll(async () => {
  provider = await startFakeOpenAI({ tokens: ['The', ' chart', ' shows', ' growth', ' and', ' the', ' report', ' agrees', '.'], intervalMs: 30 });
  const configFile = join(tmpdir(), `meld-e2e-attachments-${process.pid}.json`);
  writeFileSync(configFile, JSON.stringify({ endpoints: { custom: [{ name: 'Vision', apiKey: 'fake-key', baseURL: `${provider.url}/v1`, models: ['gpt-4o'] }] } }));
  app = await startApp({ MELD_SIGNUP_CODES: 'PILOT-E2E', MELD_CONFIG_FILE: configFile });
  browser = await launchBrowser();
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signUpAndSignIn(page, app.baseUrl, 'PILOT-E2E', 'Kofi Boateng');
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await provider?.close();
});

/** A 600 x 400 PNG drawn by the browser, as a chart a person might attach. */
function drawChart(): Promise<string> {
  return page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 600;
    canvas.height = 400;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#f6efe4';
    context.fillRect(0, 0, 600, 400);
    context.fillStyle = '#c2562c';
    [120, 180, 150, 240, 300].forEach((height, index) => context.fillRect(60 + index * 105, 360 - height, 70, height));
    return canvas.toDataURL('image/png').split(',')[1]!;
  });
}

/** The chat request that carried the image (the title request after it carries none). */
function requestWithImage(): SentMessage[] | undefined {
  for (const request of provider.requests) {
    const messages = (request.body as { messages?: SentMessage[] }).messages ?? [];
    if (messages.some((message) => Array.isArray(message.content))) return messages;
  }
  return undefined;
}

describe('attachments', () => {
  it('attaches an image and a PDF to a message; the model receives the image part and the PDF text, and the message shows both', async () => {
    await page.goto(`${app.baseUrl}/c/new`);
    await chooseModel(page, 'gpt-4o');
    // The conversation's image detail, sent with the image.
    await page.getByRole('button', { name: 'Parameters' }).click();
    const panel = page.getByRole('dialog', { name: 'Conversation parameters' });
    await panel.getByRole('combobox', { name: 'Image detail' }).selectOption('high');
    await panel.getByRole('combobox', { name: 'Image detail' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}attachments-parameters-1280.png` });
    await panel.getByRole('button', { name: 'Done' }).click();

    const chart = Buffer.from(await drawChart(), 'base64');
    await page.getByTestId('attach-input').setInputFiles([
      { name: 'chart.png', mimeType: 'image/png', buffer: chart },
      { name: 'report.pdf', mimeType: 'application/pdf', buffer: pdfWithText(PDF_TEXT) },
    ]);
    const chips = page.getByRole('list', { name: 'Attached files' });
    await chips.getByText('chart.png').waitFor();
    await chips.getByText('report.pdf').waitFor();
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('What do the chart and the report say?');
    const sendButton = page.getByRole('button', { name: 'Send message' });
    await expect.poll(() => sendButton.isEnabled(), { timeout: 15_000 }).toBe(true);
    await page.screenshot({ path: `${SHOTS}attachments-composer-1280.png` });
    await box.press('Enter');

    await page.waitForURL(/\/c\/(?!new)/);
    await page.getByRole('article').getByText('The chart shows growth and the report agrees.').waitFor();
    const sent = requestWithImage();
    const parts = sent?.at(-1)?.content as Exclude<SentMessage['content'], string>;
    expect(parts[0]?.text).toContain('What do the chart and the report say?');
    expect(parts[0]?.text).toContain(`--- Attached file: report.pdf ---\n${PDF_TEXT}`);
    expect(parts[1]).toEqual({ type: 'image_url', image_url: { url: `data:image/png;base64,${chart.toString('base64')}`, detail: 'high' } });

    // The message keeps its files after a reload: the image as a thumbnail, the PDF as a chip.
    await page.reload();
    const open = page.getByRole('button', { name: 'Open chart.png full size' });
    await open.waitFor();
    await expect.poll(() => open.locator('img').evaluate((image: HTMLImageElement) => image.naturalWidth), { timeout: 10_000 }).toBe(600);
    await page.getByRole('button', { name: 'Download report.pdf' }).waitFor();
    await page.screenshot({ path: `${SHOTS}attachments-message-1280.png` });

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download report.pdf' }).click();
    expect((await download).suggestedFilename()).toBe('report.pdf');

    await open.click();
    await page.getByRole('dialog', { name: 'chart.png' }).waitFor();
    await page.keyboard.press('Escape');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Download report.pdf' }).waitFor();
    await page.screenshot({ path: `${SHOTS}attachments-message-390.png` });
  });

  it('clears an upload that was never sent when she starts a new chat, with drafts not saved', async () => {
    // With drafts saved, unsent uploads belong to the draft and stay (decision 0041; failed-send.e2e).
    await page.goto(`${app.baseUrl}/settings/chat`);
    const drafts = page.getByRole('switch', { name: 'Save drafts' });
    await expect.poll(() => drafts.getAttribute('aria-checked')).toBe('true');
    await drafts.click();
    await expect.poll(() => drafts.getAttribute('aria-checked')).toBe('false');
    await page.goto(`${app.baseUrl}/c/new`);
    // The paperclip comes alive once the model and the endpoint's file rules are known.
    await expect.poll(() => page.getByRole('button', { name: 'Attach files' }).isEnabled(), { timeout: 15_000 }).toBe(true);
    await page.getByTestId('attach-input').setInputFiles({ name: 'notes.md', mimeType: 'text/markdown', buffer: Buffer.from('# Notes\nCall the supplier on Monday.') });
    const chips = page.getByRole('list', { name: 'Attached files' });
    await chips.getByText('notes.md').waitFor();
    await expect.poll(() => chips.getByText(/\d+B$/).count(), { timeout: 10_000 }).toBe(1);
    await page.screenshot({ path: `${SHOTS}attachments-composer-390.png` });

    const cleared = page.waitForRequest((request) => request.method() === 'DELETE' && request.url().endsWith('/api/files/temporary'));
    await page.getByRole('link', { name: 'New chat' }).first().click();
    expect(JSON.parse((await cleared).postData() ?? '{}').file_ids).toHaveLength(1);
    await chips.waitFor({ state: 'detached' });
  });
});
