import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from './support/app.ts';
import { launchBrowser, type Browser } from './support/browser.ts';
import { signUpAndSignIn } from './support/member.ts';

const SHOTS = new URL('../test-results/e2e/', import.meta.url).pathname;
const VIEWPORTS = [
  { width: 1280, height: 720 },
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
  { width: 390, height: 844 },
];
const LONG_TITLE = 'Quarterly planning notes for the northern region with budgets, hiring, travel and the offsite agenda'.padEnd(100, '.');

let app: RunningApp;
let browser: Browser;
let page: Page;
let token: string;
let conversationPath: string;

async function api(method: string, path: string, body?: unknown) {
  const response = await fetch(`${app.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<Record<string, unknown>>;
}

/** Sends a message from a new chat and waits for its conversation's address. */
async function startConversation(text: string): Promise<string> {
  await page.goto(`${app.baseUrl}/c/new`);
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  // The model list loads first; until then Send waits.
  const send = page.getByRole('button', { name: 'Send' });
  await page.waitForFunction(() => !(document.querySelector('button[type="submit"][aria-label="Send"]') as HTMLButtonElement | null)?.disabled);
  await send.click();
  await page.waitForURL(/\/c\/(?!new)[^/]+$/);
  return new URL(page.url()).pathname;
}

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  app = await startApp({ MELD_SIGNUP_CODES: 'PILOT-E2E' });
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: VIEWPORTS[1] });
  await signUpAndSignIn(page, app.baseUrl, 'PILOT-E2E');
  token = (await page.evaluate(async () => ((await (await fetch('/api/auth/refresh', { method: 'POST' })).json()) as { token: string }).token));
  conversationPath = await startConversation('Plan:\n\n- budgets for the year\n- hiring\n\n1. first step\n2. second step');
  await page.getByText('hiring', { exact: true }).first().waitFor();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe('smaller gaps against the spec', () => {
  it('clamps a 100-character title to two lines with the whole title in its tooltip and the document title', async () => {
    const conversationId = conversationPath.split('/').pop()!;
    // The title the server generates after the first reply may land after a rename: rename until it holds.
    await expect
      .poll(async () => {
        const convo = await api('GET', `/api/convos/${conversationId}`);
        if (convo.title !== LONG_TITLE) await api('POST', '/api/convos/update', { arg: { conversationId, title: LONG_TITLE } });
        return convo.title;
      }, { timeout: 20_000, interval: 1_000 })
      .toBe(LONG_TITLE);
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await page.goto(`${app.baseUrl}${conversationPath}`);
      const heading = page.getByRole('heading', { level: 1, name: LONG_TITLE });
      await heading.waitFor();
      const box = await heading.evaluate((element) => {
        const style = getComputedStyle(element);
        const rect = element.getBoundingClientRect();
        return { height: rect.height, top: rect.top, lineHeight: parseFloat(style.lineHeight), title: element.getAttribute('title'), clipped: element.scrollHeight > element.clientHeight + 1 };
      });
      expect(box.height).toBeLessThanOrEqual(box.lineHeight * 2 + 1);
      expect(box.top).toBeGreaterThanOrEqual(0);
      expect(box.top + box.height).toBeLessThanOrEqual(viewport.height);
      expect(box.title).toBe(LONG_TITLE);
      expect(box.clipped).toBe(true);
      await page.waitForFunction((title) => document.title.includes(title), LONG_TITLE);
      await page.screenshot({ path: `${SHOTS}spec-gaps-long-title-${viewport.width}.png` });
    }
  });

  it('keeps list bullets and numbers inside the message column in right-to-left mode', async () => {
    await api('PATCH', '/api/user/settings', { chatDirection: 'RTL' });
    for (const viewport of [VIEWPORTS[1]!, VIEWPORTS[3]!]) {
      await page.setViewportSize(viewport);
      await page.goto(`${app.baseUrl}${conversationPath}`);
      const item = page.getByText('hiring', { exact: true }).first();
      await item.waitFor();
      const lists = await page.locator('[dir="rtl"] ul, [dir="rtl"] ol').evaluateAll((elements) =>
        elements.map((list) => {
          const listBox = list.getBoundingClientRect();
          const itemBox = list.querySelector('li')!.getBoundingClientRect();
          return { startRoom: listBox.right - itemBox.right, right: listBox.right, viewport: window.innerWidth };
        }),
      );
      expect(lists.length).toBeGreaterThanOrEqual(2);
      // The marker sits in the list's inline-start padding (on the right), not beyond the column's edge.
      for (const list of lists) {
        expect(list.startRoom).toBeGreaterThanOrEqual(16);
        expect(list.right).toBeLessThanOrEqual(list.viewport);
      }
      await page.screenshot({ path: `${SHOTS}spec-gaps-rtl-lists-${viewport.width}.png` });
    }
    await api('PATCH', '/api/user/settings', { chatDirection: 'LTR' });
  });

  it('duplicates with a processing toast, then success with a way to open the filled-in copy', async () => {
    await page.setViewportSize(VIEWPORTS[1]!);
    await page.goto(`${app.baseUrl}${conversationPath}`);
    await page.getByRole('button', { name: `Options for ${LONG_TITLE}` }).click();
    await page.getByRole('menuitem', { name: 'Duplicate' }).click();
    await page.getByText('Duplicating the conversation…').waitFor();
    await page.getByText('Conversation duplicated.').waitFor({ timeout: 20_000 });
    await page.screenshot({ path: `${SHOTS}spec-gaps-duplicated.png` });
    await page.getByRole('button', { name: 'Open the copy' }).click();
    await page.waitForURL((url) => url.pathname !== conversationPath && url.pathname.startsWith('/c/'));
    await page.getByText('hiring', { exact: true }).first().waitFor();
  });

  it('shows the Commands tab with its note and the save badges state switch, and one main landmark on Agents', async () => {
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await page.goto(`${app.baseUrl}/settings/commands`);
      const dialog = page.getByRole('dialog', { name: 'Settings' });
      await dialog.getByText(/A command runs when a message starts with its character/).waitFor();
      expect(await dialog.getByRole('switch', { name: 'Prompts with /' }).isVisible()).toBe(true);
      await page.screenshot({ path: `${SHOTS}spec-gaps-commands-${viewport.width}.png` });
      await page.goto(`${app.baseUrl}/settings/chat`);
      const badges = page.getByRole('switch', { name: 'Save badges state' });
      await badges.scrollIntoViewIfNeeded();
      expect(await badges.isVisible()).toBe(true);

      await page.goto(`${app.baseUrl}/agents`);
      await page.getByRole('heading', { name: 'Agents', level: 1 }).waitFor();
      expect(await page.getByRole('main').count()).toBe(1);
    }
  });

  it('shows the model default for max output tokens in the parameters panel at every viewport', async () => {
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await page.goto(`${app.baseUrl}/c/new`);
      await page.getByRole('button', { name: 'Parameters' }).click();
      const dialog = page.getByRole('dialog', { name: 'Conversation parameters' });
      const box = dialog.getByRole('spinbutton', { name: 'Max output tokens' });
      await box.scrollIntoViewIfNeeded();
      expect(await box.isVisible()).toBe(true);
      const shown = await box.evaluate((input: HTMLInputElement) => ({ value: input.value, placeholder: input.placeholder, fits: input.scrollWidth <= input.clientWidth + 1 }));
      expect(shown.value === '' ? shown.placeholder : shown.value).toMatch(/Model default|\d/);
      expect(shown.fits).toBe(true);
      await page.screenshot({ path: `${SHOTS}spec-gaps-max-tokens-${viewport.width}.png` });
      await page.keyboard.press('Escape');
    }
  });
});
