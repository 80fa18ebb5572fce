import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from './support/app.ts';
import { launchBrowser } from './support/browser.ts';
import { signUpAndSignIn } from './support/member.ts';

const SHOTS = new URL('../test-results/e2e/', import.meta.url).pathname;

let app: RunningApp;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  // The offline demo streams word by word; slow enough here to watch, and to stop, mid-reply.
  app = await startApp({ MELD_SIGNUP_CODES: 'PILOT-E2E', MELD_DEMO_WORD_DELAY_MS: '80' });
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
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

/** Samples the newest reply's length until streaming ends; returns every distinct length seen. */
async function watchReply(): Promise<number[]> {
  const lengths: number[] = [];
  await stopButton().waitFor();
  while ((await stopButton().count()) > 0) {
    const length = (await lastReply().innerText().catch(() => '')).length;
    if (length !== lengths.at(-1)) lengths.push(length);
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
    await page.getByText('Give me a long answer about delegation.').waitFor();
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
});
