import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI } from '../functions/src/providers/llm/__fakes__/openai-server.ts';
import type { FakeServer } from '../functions/src/providers/llm/__fakes__/sse-server.ts';
import { startApp, type RunningApp } from './support/app.ts';
import { launchBrowser, type Browser } from './support/browser.ts';
import { signUpAndSignIn } from './support/member.ts';

const SHOTS = new URL('../test-results/e2e/', import.meta.url).pathname;
/** What the fake speech engine hears in every recording. */
const SPOKEN = 'Remind me to call the bakery before noon on Friday.';

let app: RunningApp;
let fake: FakeServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  // The OpenAI-compatible fake is the server's speech engine both ways; replies come from the offline demo.
  fake = await startFakeOpenAI({ reply: () => ['unused'], intervalMs: 2, transcript: SPOKEN });
  const configFile = join(tmpdir(), `meld-e2e-speech-${process.pid}.json`);
  writeFileSync(configFile, JSON.stringify({
      speech: {
        stt: { engine: 'openai', baseURL: `${fake.url}/v1`, apiKey: 'fake-key', model: 'whisper-1' },
        tts: { engine: 'openai', baseURL: `${fake.url}/v1`, apiKey: 'fake-key', voice: 'nova' },
      },
    }));
  app = await startApp({ MELD_CONFIG_FILE: configFile, MELD_SIGNUP_CODES: 'PILOT-E2E', MELD_DEMO_WORD_DELAY_MS: '5' });
  browser = await launchBrowser({ fakeMicrophone: true });
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.grantPermissions(['microphone'], { origin: app.baseUrl });
  // Headless Chromium has no voices and no speakers: record what the page asks the browser to say
  // (ending each utterance) and which audio it plays.
  await context.addInitScript(() => {
    const spoken: string[] = [];
    const played: string[] = [];
    Object.assign(window, { __spoken: spoken, __played: played });
    HTMLMediaElement.prototype.play = function play() {
      played.push(this.src);
      return Promise.resolve();
    };
    SpeechSynthesis.prototype.speak = function speak(utterance: SpeechSynthesisUtterance) {
      spoken.push(utterance.text);
      setTimeout(() => utterance.onend?.(new Event('end') as SpeechSynthesisEvent), 300);
    };
  });
  page = await context.newPage();
  await signUpAndSignIn(page, app.baseUrl, 'PILOT-E2E', 'Kofi Asante');
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await fake?.close();
});

const box = () => page.getByRole('textbox', { name: 'Message' });
const words = (text: string) => text.replace(/[^\p{L}\p{N}]+/gu, ' ').trim();

describe('speech in the browser', () => {
  it('reads a reply aloud with the browser engine', async () => {
    await page.goto(`${app.baseUrl}/c/new`);
    await box().fill('Give me one idea for a calmer morning.');
    await expect.poll(() => page.getByRole('button', { name: 'Send message' }).isEnabled(), { timeout: 15_000 }).toBe(true);
    await box().press('Enter');
    const reply = page.getByRole('article').last();
    const speaker = reply.getByRole('button', { name: 'Read aloud' });
    await speaker.waitFor({ timeout: 20_000 });
    await speaker.click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { __spoken: string[] }).__spoken.length)).toBe(1);
    const [said] = await page.evaluate(() => (window as unknown as { __spoken: string[] }).__spoken);
    const shown = words(await reply.innerText());
    expect(said!.length).toBeGreaterThan(20);
    expect(shown).toContain(words(said!).slice(0, 60));
    await page.screenshot({ path: `${SHOTS}speech-read-aloud.png` });
    await reply.getByRole('button', { name: 'Read aloud' }).waitFor();
  });

  it('reads a reply with the server’s voice on a long press, keeps the audio in tts-responses, and the Data tab deletes it', async () => {
    const reply = page.getByRole('article').last();
    const speaker = reply.getByRole('button', { name: 'Read aloud' });
    await speaker.hover();
    await page.mouse.down();
    await page.waitForTimeout(1200);
    await page.mouse.up();
    await expect.poll(() => page.evaluate(() => (window as unknown as { __played: string[] }).__played.length), { timeout: 15_000 }).toBe(1);
    const synthesised = fake.requests.filter((request) => request.path.includes('/audio/speech'));
    expect(synthesised).toHaveLength(1);
    expect(words(await reply.innerText())).toContain(words((synthesised[0]!.body as { input: string }).input).slice(0, 60));
    // The browser engine was not asked this time.
    expect(await page.evaluate(() => (window as unknown as { __spoken: string[] }).__spoken.length)).toBe(1);
    const cached = () => page.evaluate(async () => (await (await caches.open('tts-responses')).keys()).length);
    expect(await cached()).toBe(1);

    await page.goto(`${app.baseUrl}/settings/data`);
    await page.getByRole('button', { name: 'Delete TTS cache' }).click();
    await page.getByText('The spoken replies kept in this browser were deleted.').waitFor();
    expect(await cached()).toBe(0);
    await page.keyboard.press('Escape');
  });

  it('records from the microphone in the message box and gets the text back from the server engine', async () => {
    await page.goto(`${app.baseUrl}/settings/speech`);
    const stt = page.getByRole('region', { name: 'Speech to text' });
    const engine = stt.getByRole('combobox', { name: 'Engine' });
    await expect.poll(() => engine.locator('option[value="external"]').count(), { timeout: 10_000 }).toBe(1);
    // The choice is saved on the server: leaving the page before the answer would cancel the save
    // (a busy CI run dictated with the browser's engine, and heard nothing).
    const saved = page.waitForResponse((answer) => answer.url().endsWith('/api/user/settings') && answer.request().method() === 'PATCH');
    await engine.selectOption('external');
    expect((await saved).ok()).toBe(true);
    await page.screenshot({ path: `${SHOTS}speech-settings.png` });
    await page.keyboard.press('Escape');

    await page.goto(`${app.baseUrl}/c/new`);
    await page.getByRole('button', { name: 'Dictate' }).click();
    await page.getByText('Listening…').waitFor();
    await page.waitForTimeout(1500);
    await page.getByRole('button', { name: 'Stop dictation' }).click();
    await expect.poll(() => box().inputValue(), { timeout: 15_000 }).toBe(SPOKEN);
    const uploads = fake.requests.filter((request) => request.path.includes('/audio/transcriptions'));
    expect(uploads).toHaveLength(1);
    await page.screenshot({ path: `${SHOTS}speech-dictated.png` });
  });
});
