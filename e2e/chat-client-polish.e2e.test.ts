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
import { modelPicker } from './support/model-picker.ts';

/* Issue 25, section 5: the model picker, message actions on hover and focus, folding code blocks, the artifact code view. */

const SHOTS = new URL('../test-results/e2e/', import.meta.url).pathname;
const VIEWPORTS = [
  { width: 1280, height: 720 },
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
  { width: 390, height: 844 },
] as const;

const LONG_LINE = `<p class="lead">${'wrap-me-'.repeat(40)}</p>`;
const CODE_REPLY = [
  'Here is the code:',
  '',
  '```python',
  'for n in range(3):',
  '    print(n)',
  'print("done")',
  '```',
  '',
  ':::artifact{identifier="long-page" type="text/html" title="Long page"}',
  '```html',
  LONG_LINE,
  `<p>${'a sentence that goes on and on '.repeat(12)}</p>`,
  '```',
  ':::',
  '',
  'That is all.',
].join('\n');

let app: RunningApp;
let model: FakeServer;
let browser: Browser;
let page: Page;
let member: Member;
let conversationUrl = '';

beforeAll(async () => {
  model = await startFakeOpenAI({ reply: (body) => (JSON.stringify(body).includes('Once more') ? ['Short ', 'answer.'] : CODE_REPLY.split(/(?<=\n)/)), intervalMs: 5 });
  const configFile = join(tmpdir(), `meld-e2e-polish-${process.pid}.json`);
  writeFileSync(configFile, JSON.stringify({ endpoints: { custom: [{ name: 'Studio', apiKey: 'fake-key', baseURL: `${model.url}/v1`, models: ['gpt-4o-mini', 'claude-3-5-sonnet-20241022'] }] } }));
  app = await startApp({ MELD_SIGNUP_CODES: 'PILOT-E2E', MELD_CONFIG_FILE: configFile });
  browser = await launchBrowser();
  page = await (await browser.newContext({ viewport: VIEWPORTS[0] })).newPage();
  member = await signUpAndSignIn(page, app.baseUrl, 'PILOT-E2E', 'Esi Mensah');
  // Artifacts are off by default; the reply's artifact becomes a card with them on.
  await page.goto(`${app.baseUrl}/settings/artifacts`);
  await page.getByRole('switch', { name: 'Code artifacts' }).click();
  await page.getByRole('switch', { name: 'Code artifacts', checked: true }).waitFor();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await model?.close();
});

const within = (box: { x: number; y: number; width: number; height: number } | null, viewport: { width: number; height: number }) =>
  !!box && box.x >= 0 && box.y >= 0 && box.x + box.width <= viewport.width + 0.5 && box.y + box.height <= viewport.height + 0.5;

/** Each row's label and id (the row of the model in use also says so, for screen readers). */
const rowsOf = async (scope: Page | Locator) => (await scope.getByRole('option').allInnerTexts()).map((text) => text.split('\n').slice(0, 2).join(' · '));

const opacity = (locator: Locator) => locator.evaluate((element) => getComputedStyle(element).opacity);

async function send(text: string, answer: string) {
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  await expect.poll(() => page.getByRole('button', { name: 'Send message' }).isEnabled(), { timeout: 15_000 }).toBe(true);
  await box.press('Enter');
  await page.getByText(answer, { exact: true }).waitFor({ timeout: 20_000 });
}

describe('the model picker', () => {
  it('searches by label, id and provider, picks with the keyboard and names the model by its friendly label', async () => {
    await page.goto(`${app.baseUrl}/c/new`);
    const picker = modelPicker(page);
    await picker.click();
    const search = page.getByRole('combobox', { name: 'Search models' });
    expect(await search.evaluate((element) => element === document.activeElement)).toBe(true);
    // Grouped under the provider's name, each model by its label with its id beside it.
    const studio = page.getByRole('group', { name: 'Studio' });
    expect(await rowsOf(studio)).toEqual(['GPT-4o mini · gpt-4o-mini', 'Claude 3.5 Sonnet · claude-3-5-sonnet-20241022']);

    await search.fill('sonnet');
    await expect.poll(() => rowsOf(page)).toEqual(['Claude 3.5 Sonnet · claude-3-5-sonnet-20241022']);
    await search.fill('4o-mini');
    await expect.poll(() => rowsOf(page)).toEqual(['GPT-4o mini · gpt-4o-mini']);
    await search.fill('studio');
    await expect.poll(() => page.getByRole('option').count()).toBe(2);
    await page.keyboard.press('ArrowDown');
    await page.screenshot({ path: `${SHOTS}polish-picker-1280.png` });
    await page.keyboard.press('Enter');
    await page.getByRole('listbox', { name: 'Model' }).waitFor({ state: 'detached' });
    await expect.poll(() => picker.textContent()).toBe('Model: Claude 3.5 Sonnet');
    // The id is the button's tooltip, not its text.
    expect(await picker.getAttribute('title')).toBe('claude-3-5-sonnet-20241022');

    // Escape closes it and gives the focus back to the button.
    await picker.click();
    await page.keyboard.press('Escape');
    await search.waitFor({ state: 'detached' });
    expect(await picker.evaluate((element) => element === document.activeElement)).toBe(true);
  });

  it('opens fully on screen at each viewport', async () => {
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await modelPicker(page).click();
      const list = page.getByRole('dialog', { name: 'Model' });
      await list.waitFor();
      await page.waitForTimeout(250);
      expect(within(await list.boundingBox(), viewport), `picker inside ${viewport.width}×${viewport.height}`).toBe(true);
      expect(await page.getByRole('option', { name: /Claude 3.5 Sonnet/ }).isVisible()).toBe(true);
      await page.screenshot({ path: `${SHOTS}polish-picker-open-${viewport.width}.png` });
      await page.keyboard.press('Escape');
      await list.waitFor({ state: 'detached' });
    }
    await page.setViewportSize(VIEWPORTS[0]);
  });
});

describe('message actions', () => {
  it('show on hover and on keyboard focus, and always on the last message', async () => {
    await page.goto(`${app.baseUrl}/c/new`);
    await send('Show me some code', 'That is all.');
    await page.waitForURL(/\/c\/(?!new)[\w-]+$/);
    conversationUrl = page.url();
    await send('Once more', 'Short answer.');
    const articles = page.getByRole('article');
    await expect.poll(() => articles.count()).toBe(4);
    const firstReply = articles.nth(1).locator('[data-message-actions]');
    const lastReply = articles.nth(3).locator('[data-message-actions]');

    await page.mouse.move(5, 5);
    await page.getByRole('textbox', { name: 'Message' }).focus();
    await expect.poll(() => opacity(firstReply)).toBe('0');
    expect(await opacity(lastReply)).toBe('1');
    // Hidden, yet still buttons a screen reader finds.
    expect(await firstReply.getByRole('button', { name: 'Copy' }).count()).toBe(1);

    await articles.nth(1).hover();
    await expect.poll(() => opacity(firstReply)).toBe('1');
    await page.screenshot({ path: `${SHOTS}polish-actions-hover-1280.png` });
    await page.mouse.move(5, 5);
    await expect.poll(() => opacity(firstReply)).toBe('0');

    // Keyboard focus on any of its buttons shows the row.
    await firstReply.getByRole('button', { name: 'Copy' }).focus();
    await expect.poll(() => opacity(firstReply)).toBe('1');
    await page.keyboard.press('Tab');
    expect(await firstReply.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await expect.poll(() => opacity(firstReply)).toBe('1');
    await page.getByRole('textbox', { name: 'Message' }).focus();
    await expect.poll(() => opacity(firstReply)).toBe('0');

    for (const viewport of VIEWPORTS.slice(0, 3)) {
      await page.setViewportSize(viewport);
      await page.mouse.move(5, 5);
      await expect.poll(() => opacity(lastReply)).toBe('1');
      expect(await lastReply.getByRole('button', { name: 'Copy' }).isVisible()).toBe(true);
    }
    await page.setViewportSize(VIEWPORTS[0]);
  });

  it('are always shown on a touch screen', async () => {
    const phone = await (await browser.newContext({ viewport: VIEWPORTS[3], hasTouch: true, isMobile: true })).newPage();
    await signIn(phone, app.baseUrl, member);
    await phone.goto(conversationUrl);
    const articles = phone.getByRole('article');
    await expect.poll(() => articles.count(), { timeout: 15_000 }).toBe(4);
    expect(await phone.evaluate(() => matchMedia('(hover: none)').matches)).toBe(true);
    const firstQuestion = articles.nth(0).locator('[data-message-actions]');
    await firstQuestion.scrollIntoViewIfNeeded();
    await expect.poll(() => opacity(firstQuestion)).toBe('1');
    await expect.poll(() => opacity(articles.nth(1).locator('[data-message-actions]'))).toBe('1');
    await phone.screenshot({ path: `${SHOTS}polish-actions-touch-390.png` });
    await phone.context().close();
  });
});

describe('code blocks and the "show code" setting', () => {
  const toggle = () => page.getByRole('button', { name: /^python · 3 lines/ });
  const code = () => page.locator('pre', { hasText: 'print("done")' });

  it('are coloured from the main stylesheet, with the highlighter asked for only once the conversation has painted', async () => {
    expect(conversationUrl, 'the message actions test opened a conversation').not.toBe('');
    const fresh = await page.context().newPage();
    // The first frame drawn with the conversation's messages: a frame callback asked for as they enter the page.
    await fresh.addInitScript(() => {
      const seen = new MutationObserver(() => {
        if (!document.querySelector('article')) return;
        seen.disconnect();
        requestAnimationFrame(() => ((window as unknown as { messagesFrame: number }).messagesFrame = performance.now()));
      });
      seen.observe(document, { childList: true, subtree: true });
    });
    try {
      await fresh.goto(conversationUrl);
      const keyword = fresh.locator('pre', { hasText: 'print("done")' }).locator('.hljs-keyword').first();
      await keyword.waitFor({ timeout: 15_000 });
      // The palette's keyword colour (--code-keyword), with no stylesheet of the highlighter's own.
      expect(await keyword.evaluate((element) => getComputedStyle(element).color)).toBe('rgb(156, 63, 34)');
      const loads = await fresh.evaluate(() => ({
        frame: (window as unknown as { messagesFrame?: number }).messagesFrame,
        highlighter: performance.getEntriesByType('resource').filter((entry) => /\/highlighter-[\w-]+\.js$/.test(entry.name)).map((entry) => entry.startTime),
        stylesheets: performance.getEntriesByType('resource').filter((entry) => entry.name.endsWith('.css')).map((entry) => new URL(entry.name).pathname),
      }));
      expect(loads.stylesheets.filter((path) => path.includes('highlighter'))).toEqual([]);
      expect(loads.frame).toBeDefined();
      expect(loads.highlighter).toHaveLength(1);
      // Fetched while the messages first drew, its stylesheet restyled the whole page in the frame the largest paint waited for.
      expect(loads.highlighter[0]).toBeGreaterThan(loads.frame!);
    } finally {
      await fresh.close();
    }
  });

  it('start expanded by default, collapse and expand one by one, and start collapsed with the setting off', async () => {
    await page.goto(conversationUrl);
    await toggle().waitFor({ timeout: 15_000 });
    await expect.poll(() => toggle().getAttribute('aria-expanded')).toBe('true');
    await code().waitFor();
    // Coloured by the highlighter once open.
    await code().locator('.hljs-keyword').first().waitFor();
    await page.screenshot({ path: `${SHOTS}polish-code-open-1280.png` });
    await toggle().click();
    expect(await toggle().getAttribute('aria-expanded')).toBe('false');
    await code().waitFor({ state: 'hidden' });
    await toggle().click();
    await code().waitFor();

    await page.goto(`${app.baseUrl}/settings/chat`);
    const setting = page.getByRole('switch', { name: 'Expand code blocks' });
    await expect.poll(() => setting.getAttribute('aria-checked')).toBe('true');
    await setting.click();
    await expect.poll(() => setting.getAttribute('aria-checked')).toBe('false');
    await page.goto(conversationUrl);
    await toggle().waitFor({ timeout: 15_000 });
    await expect.poll(() => toggle().getAttribute('aria-expanded')).toBe('false');
    expect(await code().isVisible()).toBe(false);
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await toggle().scrollIntoViewIfNeeded();
      // The header fits: its toggle and copy button both show.
      expect(await toggle().isVisible()).toBe(true);
      const header = await toggle().evaluate((element) => {
        const bar = element.parentElement!;
        return { overflow: bar.scrollWidth - bar.clientWidth };
      });
      expect(header.overflow, `code header at ${viewport.width}`).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `${SHOTS}polish-code-${viewport.width}.png` });
    }
    await page.setViewportSize(VIEWPORTS[0]);
  });
});

describe('the artifact code view', () => {
  it('wraps long lines and colours the code, at each viewport', async () => {
    await page.goto(conversationUrl);
    await page.getByRole('button', { name: 'Open Long page' }).first().click();
    await page.getByRole('tab', { name: 'Code' }).click();
    const editor = page.getByRole('textbox', { name: 'Code' });
    await editor.waitFor();
    const coloured = editor.locator('xpath=preceding-sibling::pre');
    await coloured.locator('.hljs-tag').first().waitFor();
    // Beside the panel the conversation is narrow: a code block's header still names its language, clear of its buttons.
    const language = await page.getByRole('button', { name: /^python · 3 lines/ }).locator('.font-mono').boundingBox();
    const run = await page.getByRole('button', { name: 'Run', exact: true }).boundingBox();
    expect(language!.width).toBeGreaterThan(20);
    expect(language!.x + language!.width).toBeLessThanOrEqual(run!.x);
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await page.waitForTimeout(150);
      const sizes = await editor.evaluate((element) => {
        const scroller = element.parentElement!.parentElement!;
        const lineHeight = parseFloat(getComputedStyle(element).lineHeight);
        return { sideways: scroller.scrollWidth - scroller.clientWidth, textSideways: element.scrollWidth - element.clientWidth, lines: element.clientHeight / lineHeight };
      });
      expect(sizes.sideways, `panel scrolls sideways at ${viewport.width}`).toBeLessThanOrEqual(0);
      expect(sizes.textSideways).toBeLessThanOrEqual(0);
      // Two lines of code take more than two lines on screen: they wrap.
      expect(sizes.lines).toBeGreaterThan(4);
      // The typed text and its colours line up: same size.
      const [typed, shown] = [await editor.boundingBox(), await coloured.boundingBox()];
      expect(Math.abs(typed!.height - shown!.height)).toBeLessThan(2);
      await page.screenshot({ path: `${SHOTS}polish-artifact-code-${viewport.width}.png` });
    }
    await page.setViewportSize(VIEWPORTS[0]);
  });
});

describe('the message boxes', () => {
  it('grow with their text up to their height, then scroll; the edit box starts three lines high', async () => {
    await page.setViewportSize(VIEWPORTS[0]);
    await page.goto(`${app.baseUrl}/c/new`);
    const box = page.getByRole('textbox', { name: 'Message' });
    const height = async (locator: Locator) => (await locator.boundingBox())!.height;
    const oneLine = await height(box);
    await box.fill('one\ntwo\nthree');
    await expect.poll(() => height(box)).toBeGreaterThan(oneLine * 2);
    await box.fill(Array.from({ length: 40 }, (_, i) => `line ${i}`).join('\n'));
    await expect.poll(() => height(box)).toBe(320);
    expect(await box.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);
    await box.fill('');
    await expect.poll(() => height(box)).toBe(oneLine);

    expect(conversationUrl, 'the message actions test opened a conversation').not.toBe('');
    await page.goto(conversationUrl);
    const question = page.getByRole('article', { name: 'You' }).first();
    await question.hover();
    await question.getByRole('button', { name: 'Edit' }).click();
    const editor = page.getByRole('textbox', { name: 'Edit message' });
    const lineHeight = await editor.evaluate((element) => parseFloat(getComputedStyle(element).lineHeight));
    expect(await height(editor)).toBeGreaterThanOrEqual(lineHeight * 3);
    await editor.fill(Array.from({ length: 40 }, (_, i) => `line ${i}`).join('\n'));
    await expect.poll(() => height(editor)).toBe(480);
    await editor.press('Escape');
  });
});
