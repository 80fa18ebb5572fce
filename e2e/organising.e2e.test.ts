import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatgptExport } from './fixtures/chatgpt-export.ts';
import { startApp, type RunningApp } from './support/app.ts';
import { launchBrowser, resizeTo, type Browser } from './support/browser.ts';
import { signUpAndSignIn } from './support/member.ts';

const SHOTS = new URL('../test-results/e2e/', import.meta.url).pathname;
const VIEWPORTS = [
  { width: 1280, height: 720 },
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
  { width: 390, height: 844 },
];

let app: RunningApp;
let browser: Browser;
let page: Page;
let token: string;

/** The member's own API calls, for setting up what the page then shows. */
async function api(method: string, path: string, body?: unknown) {
  const response = await fetch(`${app.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.status, `${method} ${path}`).toBeLessThan(300);
  return response.json() as Promise<unknown>;
}

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  app = await startApp({ MELD_SIGNUP_CODES: 'PILOT-E2E' });
  browser = await launchBrowser();
  page = await (await browser.newContext({ viewport: VIEWPORTS[0], acceptDownloads: true })).newPage();
  const member = await signUpAndSignIn(page, app.baseUrl, 'PILOT-E2E');
  const login = await fetch(`${app.baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: member.email, password: member.password }) });
  token = ((await login.json()) as { token: string }).token;
  for (const tag of ['work', 'ideas', 'later']) await api('POST', '/api/tags', { tag });
  const file = join(tmpdir(), `organising-${Date.now()}.json`);
  writeFileSync(file, chatgptExport());
  await page.goto(`${app.baseUrl}/settings/data`);
  await page.locator('input[type="file"]').setInputFiles(file);
  await page.getByText('Imported 3 conversations.').first().waitFor();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/** Whole inside the viewport and not covered: what a person can see and reach, once the layout has settled. */
async function expectOnScreen(locator: Locator) {
  await locator.waitFor();
  const viewport = page.viewportSize()!;
  const outside = async () => {
    const box = await locator.boundingBox();
    if (!box) return 'not laid out';
    const edges = { left: box.x, top: box.y, right: viewport.width + 1 - (box.x + box.width), bottom: viewport.height + 1 - (box.y + box.height) };
    return Object.entries(edges)
      .filter(([, room]) => room < 0)
      .map(([edge, room]) => `${-room} px past the ${edge} edge`);
  };
  await expect.poll(outside, { timeout: 5_000 }).toEqual([]);
}

/** At each viewport: the dialog and the controls named are on screen, and a screenshot to look at. */
async function checkViewports(name: string, dialog: Locator, controls: Locator[]) {
  for (const viewport of VIEWPORTS) {
    await resizeTo(page, viewport);
    await expectOnScreen(dialog);
    for (const control of controls) {
      await control.scrollIntoViewIfNeeded();
      await expectOnScreen(control);
    }
    await page.screenshot({ path: `${SHOTS}organising-${name}-${viewport.width}x${viewport.height}.png` });
  }
  await resizeTo(page, VIEWPORTS[0]!);
}

async function openBookmarksManager() {
  await page.getByRole('button', { name: /^Bookmarks/ }).click();
  await page.getByRole('button', { name: 'Manage bookmarks' }).click();
  const dialog = page.getByRole('dialog', { name: 'Bookmarks' });
  await dialog.waitFor();
  return dialog;
}

/** The rows' names in order, as shown (a row being edited has none). */
const bookmarkNames = (dialog: Locator) => dialog.getByRole('list', { name: 'Your bookmarks' }).locator('li').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-tag')));
const focusedName = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label'));

describe('a member organising bookmarks, presets and searches', () => {
  it('renames, describes, reorders and deletes bookmarks, and the order survives a reload', async () => {
    await page.goto(`${app.baseUrl}/c/new`);
    let dialog = await openBookmarksManager();
    expect(await bookmarkNames(dialog)).toEqual(['work', 'ideas', 'later']);

    await dialog.getByRole('button', { name: 'Edit work' }).click();
    await dialog.getByRole('textbox', { name: 'Name' }).fill('job');
    await dialog.getByRole('textbox', { name: 'Description', exact: true }).fill('Paid work only');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Paid work only').waitFor();
    // Focus comes back to the renamed row's edit button.
    await expect.poll(focusedName).toBe('Edit job');

    // Keyboard reorder: focus the button and press Enter, twice; focus stays on the moving row.
    await dialog.getByRole('button', { name: 'Move later up' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => bookmarkNames(dialog)).toEqual(['job', 'later', 'ideas']);
    await expect.poll(focusedName).toBe('Move later up');
    await page.keyboard.press('Enter');
    await expect.poll(() => bookmarkNames(dialog)).toEqual(['later', 'job', 'ideas']);
    await checkViewports('bookmarks', dialog, [dialog.getByRole('button', { name: 'Move job down' }), dialog.getByRole('button', { name: 'Add bookmark' })]);

    await page.reload();
    dialog = await openBookmarksManager();
    await expect.poll(() => bookmarkNames(dialog)).toEqual(['later', 'job', 'ideas']);
    expect(await dialog.getByText('Paid work only').isVisible()).toBe(true);

    await dialog.getByRole('button', { name: 'Delete ideas' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete bookmark “ideas”?' });
    await confirm.getByText('No conversation carries it.').waitFor();
    await confirm.getByRole('button', { name: 'Delete bookmark' }).click();
    await expect.poll(() => bookmarkNames(dialog)).toEqual(['later', 'job']);
    await page.keyboard.press('Escape');
    const tags = (await api('GET', '/api/tags')) as { tag: string; position: number; description: string | null }[];
    expect(tags.map((tag) => [tag.tag, tag.position, tag.description])).toEqual([
      ['later', 0, null],
      ['job', 1, 'Paid work only'],
    ]);
  });

  it('edits and renames a preset, exports it, imports the file back, and explains a bad file', async () => {
    await page.goto(`${app.baseUrl}/c/new`);
    await page.getByRole('button', { name: 'Presets' }).click();
    let menu = page.getByRole('dialog', { name: 'Presets' });
    await menu.getByRole('textbox', { name: 'Save current settings as a preset' }).fill('Brief');
    await menu.getByRole('button', { name: 'Save preset' }).click();
    await page.getByText('Preset “Brief” saved').first().waitFor();

    await menu.getByRole('button', { name: 'Edit preset Brief' }).click();
    const editor = page.getByRole('dialog', { name: 'Edit preset' });
    await checkViewports('preset-editor', editor, [editor.getByRole('button', { name: 'Save changes' }), editor.getByRole('button', { name: 'Export JSON' })]);
    await editor.getByRole('textbox', { name: 'Preset name' }).fill('Brief and kind');
    await editor.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Preset “Brief and kind” saved').first().waitFor();
    await editor.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Presets' }).click();
    menu = page.getByRole('dialog', { name: 'Presets' });
    await menu.getByRole('button', { name: 'Edit preset Brief and kind' }).click();
    const download = page.waitForEvent('download');
    await editor.getByRole('button', { name: 'Export JSON' }).click();
    const file = await (await download).path();
    expect((await download).suggestedFilename()).toBe('Brief and kind.json');
    const exported = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    expect(exported).toMatchObject({ title: 'Brief and kind', endpoint: 'demo', model: 'meld-demo' });
    expect(exported).not.toHaveProperty('user');
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Presets' }).click();
    menu = page.getByRole('dialog', { name: 'Presets' });
    await menu.locator('input[type="file"]').setInputFiles(file);
    await page.getByText('Preset “Brief and kind” imported').first().waitFor();
    await expect.poll(() => menu.getByRole('button', { name: 'Use preset Brief and kind' }).count()).toBe(2);

    const bad = join(tmpdir(), `not-a-preset-${Date.now()}.json`);
    writeFileSync(bad, JSON.stringify({ title: 'Too hot', temperature: 9 }));
    await menu.locator('input[type="file"]').setInputFiles(bad);
    await menu.getByRole('alert').getByText(/That preset cannot be imported\. temperature:/).waitFor();
    await checkViewports('presets-menu', menu, [menu.getByRole('alert'), menu.getByRole('button', { name: 'Import' })]);
    const presets = (await api('GET', '/api/presets')) as { title: string }[];
    expect(presets.map((preset) => preset.title)).toEqual(['Brief and kind', 'Brief and kind']);
  });

  it('shows the matching message with the match highlighted in search results', async () => {
    await page.goto(`${app.baseUrl}/search?q=${encodeURIComponent('evidence of impact')}`);
    // The search page's result, not the sidebar's row: its name carries the snippet.
    const result = page.getByRole('link', { name: /Salary negotiation notes.*evidence of impact/ });
    await result.waitFor();
    await expect.poll(() => result.locator('mark').allTextContents()).toEqual(['evidence of impact']);
    expect(await result.textContent()).toContain('Reply: Bring evidence of impact from the last two quarters.');
    await checkViewports('search', result, [result.locator('mark')]);
  });
});
