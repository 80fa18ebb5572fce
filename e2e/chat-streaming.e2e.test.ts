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
  // The offline demo streams word by word; slow enough here to watch, and to stop, mid-reply, even
  // when each look at the page takes a few hundred milliseconds on a busy 2-core machine (at 80 ms a
  // word, a CI run once saw the reply grow only once or twice).
  app = await startApp({ MELD_SIGNUP_CODES: 'PILOT-E2E', MELD_DEMO_WORD_DELAY_MS: '150' });
  browser = await launchBrowser();
  // A context of its own, so a test can open a second tab that shares the session.
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signUpAndSignIn(page, app.baseUrl, 'PILOT-E2E', 'Ama Mensah');
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const lastReply = () => page.getByRole('article').last();
const stopButton = () => page.getByRole('button', { name: 'Stop generating' });

async function send(text: string) {
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  // Sending waits for the model menu to load; a person would see the button come alive.
  await expect.poll(() => page.getByRole('button', { name: 'Send message' }).isEnabled(), { timeout: 15_000 }).toBe(true);
  await box.press('Enter');
}

/**
 * Samples the newest reply's length until streaming ends; returns every distinct length seen. The
 * stream has ended once the Stop button has been gone for half a second: the page re-renders as the
 * address moves from /c/new to the new conversation's, and a sample may fall in between.
 */
async function watchReply(): Promise<number[]> {
  const lengths: number[] = [];
  await stopButton().waitFor();
  for (let goneSince = 0; goneSince === 0 || Date.now() - goneSince < 500; ) {
    const length = (await lastReply().innerText().catch(() => '')).length;
    if (length !== lengths.at(-1)) lengths.push(length);
    goneSince = (await stopButton().count()) > 0 ? 0 : goneSince || Date.now();
    await page.waitForTimeout(40);
  }
  return lengths;
}

describe('chatting with the offline demo', () => {
  it('streams the reply into the page token by token', async () => {
    await page.goto(`${app.baseUrl}/c/new`);
    await send('How do I prepare for a hard conversation with my manager?');
    const lengths = await watchReply();
    await page.waitForURL(/\/c\/(?!new)/);
    // The reply grew in many steps while streaming, from a little text to all of it.
    const growths = lengths.filter((length, i) => i > 0 && length > lengths[i - 1]!).length;
    expect(growths).toBeGreaterThan(5);
    expect(lengths[1]! * 2).toBeLessThan(Math.max(...lengths));
    await page.screenshot({ path: `${SHOTS}chat-streamed.png` });
  });

  it('keeps the partial reply when she stops it, also after a reload', async () => {
    await send('Give me a long answer about delegation.');
    await stopButton().waitFor();
    await page.waitForTimeout(600);
    await stopButton().click();
    await stopButton().waitFor({ state: 'detached' });
    // The saved partial reply takes the streaming one's place once the server confirms the stop.
    await expect.poll(async () => (await lastReply().innerText()).includes('Give me a long answer'), { timeout: 10_000 }).toBe(false);
    const partial = await lastReply().innerText();
    await page.reload();
    await page.getByText('Give me a long answer about delegation.', { exact: true }).waitFor();
    await page.getByText("The response is incomplete; it's either still processing, was cancelled, or censored.", { exact: false }).waitFor();
    const words = partial.split(/\s+/).filter((word) => word.length > 3).slice(0, 3);
    for (const word of words) expect(await lastReply().innerText()).toContain(word);
  });

  it('regenerates a reply as a sibling version', async () => {
    const reply = lastReply();
    await reply.hover();
    await reply.getByRole('button', { name: 'Regenerate' }).click();
    await watchReply();
    await page.getByText('2 / 2').first().waitFor();
    await page.screenshot({ path: `${SHOTS}chat-regenerated.png` });
  });

  it('makes a new version of her question when she edits and resubmits it', async () => {
    await page.goto(`${app.baseUrl}/c/new`);
    await send('What should I ask in my first mentoring session?');
    await watchReply();
    // The demo's reply echoes the question, so the question is the first article that has its words.
    const question = page.getByRole('article').filter({ hasText: 'What should I ask in my first mentoring session?' }).first();
    await question.hover();
    await question.getByRole('button', { name: 'Edit' }).click();
    const editor = page.getByRole('textbox', { name: 'Edit message' });
    await editor.fill('What should I ask in my second mentoring session?');
    await page.getByRole('button', { name: 'Save & submit' }).click();
    await watchReply();
    const edited = page.getByRole('article').filter({ hasText: 'What should I ask in my second mentoring session?' }).first();
    await edited.getByText('2 / 2').waitFor();
    await expect.poll(async () => (await lastReply().innerText()).includes('second mentoring session')).toBe(true);
    // The first version and its reply are still there, one click back.
    await edited.getByRole('button', { name: 'Previous version' }).click();
    await page.getByRole('article').filter({ hasText: 'What should I ask in my first mentoring session?' }).first().getByText('1 / 2').waitFor();
    await page.screenshot({ path: `${SHOTS}chat-edited.png` });
  });

  it('continues a stopped reply where it left off', async () => {
    await page.goto(`${app.baseUrl}/c/new`);
    await send('Walk me through preparing a promotion case.');
    await stopButton().waitFor();
    await page.waitForTimeout(500);
    await stopButton().click();
    await stopButton().waitFor({ state: 'detached' });
    const reply = lastReply();
    await reply.getByRole('button', { name: 'Continue' }).waitFor({ timeout: 10_000 });
    const before = (await reply.innerText()).split('\n')[0]!.slice(0, 40);
    await reply.hover();
    await reply.getByRole('button', { name: 'Continue' }).click();
    await watchReply();
    // One reply, extended: it still starts as before, is longer, and is no longer incomplete.
    await page.reload();
    await expect.poll(async () => (await lastReply().innerText()).startsWith(before), { timeout: 10_000 }).toBe(true);
    expect(await page.getByText("The response is incomplete", { exact: false }).count()).toBe(0);
    expect(await lastReply().getByText(/\d \/ \d/).count()).toBe(0);
  });

  it('finishes and saves the reply when she closes the page mid-reply', async () => {
    await page.goto(`${app.baseUrl}/c/new`);
    await send('Tell me how to plan a quarter of focused work.');
    await stopButton().waitFor();
    await page.waitForURL(/\/c\/(?!new)/);
    const url = page.url();
    await page.waitForTimeout(400);
    // A second tab of the same browser keeps the session (its refresh cookie) once this one closes.
    const next = await page.context().newPage();
    await page.close();
    page = next;
    await page.goto(url);
    await page.getByText('Tell me how to plan a quarter of focused work.').first().waitFor({ timeout: 15_000 });
    // The server went on writing after the tab closed: the whole reply is there, finished.
    const finished = async () => {
      await page.reload();
      await page.getByText('Tell me how to plan a quarter of focused work.').first().waitFor();
      return (await lastReply().innerText()).includes('not available here yet');
    };
    await expect.poll(finished, { timeout: 30_000, interval: 2_000 }).toBe(true);
    expect(await page.getByText('The response is incomplete', { exact: false }).count()).toBe(0);
  });
});
