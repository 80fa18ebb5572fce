import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI } from '../functions/src/providers/llm/__fakes__/openai-server.ts';
import type { FakeServer } from '../functions/src/providers/llm/__fakes__/sse-server.ts';
import { startApp, type RunningApp } from './support/app.ts';
import { launchBrowser, type Browser } from './support/browser.ts';
import { signIn } from './support/member.ts';

const SHOTS = new URL('../test-results/e2e/', import.meta.url).pathname;
const ADMIN = { email: 'admin.interview@example.com', password: 'steady-admin-pass-1' };
const MENTOR = { firstName: 'Grace', lastName: 'Hopper', email: 'grace.hopper@example.com', jobTitle: 'Rear Admiral', company: 'US Navy', industry: 'Technology', careerStage: 'Retired' };
/** What the fake speech engine hears in every recording. */
const SPOKEN = 'The day I saw a compiler turn plain words into a working program, I knew what my career was for.';
const EDITED = `${SPOKEN} Nobody believed it could be done.`;
const written = (step: number) => `Answer ${step}: I learned to leave every team better than I found it, one small fix at a time.`;

let app: RunningApp;
let fake: FakeServer;
let browser: Browser;
let adminContext: BrowserContext;
let mentorContext: BrowserContext;
let admin: Page;
let mentor: Page;
let interviewLink = '';

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  // One OpenAI-compatible fake is both the coach model and the speech engine.
  fake = await startFakeOpenAI({ reply: () => 'Thank you for being here, Grace.'.split(/(?= )/), intervalMs: 2, transcript: SPOKEN });
  const configFile = join(tmpdir(), `meld-e2e-interview-${process.pid}.json`);
  writeFileSync(
    configFile,
    JSON.stringify({
      endpoints: { custom: [{ name: 'Coach', apiKey: 'fake-key', baseURL: `${fake.url}/v1`, models: ['fake-coach'] }] },
      coach: { endpoint: 'Coach', model: 'fake-coach' },
      speech: { stt: { engine: 'openai', baseURL: `${fake.url}/v1`, apiKey: 'fake-key', model: 'whisper-1' } },
    }),
  );
  app = await startApp({ MELD_CONFIG_FILE: configFile, MELD_ADMIN_EMAIL: ADMIN.email, MELD_ADMIN_PASSWORD: ADMIN.password });
  browser = await launchBrowser({ fakeMicrophone: true });
  adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  mentorContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await mentorContext.grantPermissions(['microphone'], { origin: app.baseUrl });
  admin = await adminContext.newPage();
  mentor = await mentorContext.newPage();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await fake?.close();
});

const heading = () => mentor.getByRole('heading', { level: 1 });

/** Writes an answer on the current question and approves it; the next page (or the complete page) follows. */
async function writeAndApprove(step: number) {
  await heading().waitFor();
  await mentor.getByRole('button', { name: 'Write', exact: true }).click();
  await mentor.getByRole('textbox', { name: 'Your answer' }).fill(written(step));
  await mentor.getByRole('button', { name: /^Approve and (continue|finish)$/ }).click();
}

describe('the mentor interview, from the invitation to the admin reading the answers', () => {
  it('an admin generates an interview link for a mentor who signed up', async () => {
    const signup = await fetch(`${app.baseUrl}/api/mentor-interest`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(MENTOR) });
    expect(signup.status).toBe(201);

    await signIn(admin, app.baseUrl, ADMIN);
    await admin.goto(`${app.baseUrl}/me?tab=mentorSignups`);
    await admin.getByRole('heading', { name: 'Admin Panel' }).waitFor();
    await admin.getByRole('row', { name: /Grace Hopper/ }).getByRole('button', { name: 'Generate link' }).click();
    const link = admin.getByRole('textbox', { name: 'Interview link' });
    await link.waitFor();
    interviewLink = await link.inputValue();
    expect(interviewLink).toMatch(/\/mentor-interview\/[A-Za-z0-9_-]{64}\/start$/);
    await admin.getByRole('button', { name: 'Done' }).click();
  });

  it('the mentor opens the link, records the first answer, sees it transcribed, edits it and approves', async () => {
    await mentor.goto(interviewLink);
    await mentor.getByRole('heading', { name: 'Welcome, Grace' }).waitFor();
    await mentor.getByRole('link', { name: "I'm ready" }).click();
    await mentor.waitForURL('**/question/1');

    await mentor.getByRole('button', { name: 'Tap to record' }).click();
    await mentor.getByText('Recording', { exact: true }).waitFor();
    await mentor.waitForTimeout(1_500);
    await mentor.getByRole('button', { name: 'Stop & Save' }).click();
    await mentor.getByText(SPOKEN).waitFor({ timeout: 20_000 });
    expect(fake.requests.some((request) => request.path.includes('/audio/transcriptions'))).toBe(true);

    await mentor.getByRole('button', { name: 'Edit transcription' }).click();
    const editBox = mentor.getByRole('textbox', { name: 'Edit your transcribed answer' });
    await editBox.fill(EDITED);
    await mentor.getByRole('button', { name: 'Save', exact: true }).click();
    // The box itself holds the new text: the edit is saved once the box gives way to the transcript.
    await editBox.waitFor({ state: 'detached' });
    await mentor.getByText(EDITED).waitFor();
    await mentor.screenshot({ path: `${SHOTS}mentor-interview-transcribed.png`, fullPage: true });
    await mentor.getByRole('button', { name: 'Approve and continue' }).click();
    await mentor.waitForURL('**/question/2');
  });

  it('asks for a different question once, then writes the other five answers and sees the insights', async () => {
    await heading().waitFor();
    const first = await heading().innerText();
    await mentor.getByRole('button', { name: 'Different Question' }).click();
    await mentor.getByRole('textbox', { name: /What did not fit/ }).fill('I would rather talk about a team than a decision.');
    await mentor.getByRole('button', { name: 'Get a different question' }).click();
    await mentor.getByText(/2 different questions left/).waitFor();
    expect(await heading().innerText()).not.toBe(first);

    for (let step = 2; step <= 6; step += 1) {
      await writeAndApprove(step);
      await mentor.waitForURL(step === 6 ? '**/complete' : `**/question/${step + 1}`, { timeout: 60_000 });
    }
    await mentor.getByRole('heading', { name: 'Thank you' }).waitFor({ timeout: 60_000 });
    const insights = mentor.getByRole('region', { name: 'What we heard' });
    expect((await insights.innerText()).length).toBeGreaterThan(40);
    await mentor.screenshot({ path: `${SHOTS}mentor-interview-complete.png`, fullPage: true });

    // The finished interview stays readable on a reload; the invitation link (and a question's
    // address) no longer opens the questions but thanks the mentor with their summary.
    await mentor.reload();
    await mentor.getByRole('region', { name: 'What we heard' }).waitFor();
    const summary = await insights.innerText();
    for (const link of [interviewLink, interviewLink.replace(/\/start$/, '/question/3')]) {
      await mentor.goto(link);
      await mentor.waitForURL('**/complete');
      await mentor.getByRole('heading', { name: 'Thank you' }).waitFor();
      expect(await mentor.getByRole('region', { name: 'What we heard' }).innerText()).toBe(summary);
      expect(await mentor.getByText(/Access denied/).count()).toBe(0);
    }
  });

  it('the admin reads all six answers and the insights', async () => {
    await admin.reload();
    const row = admin.getByRole('row', { name: /Grace Hopper/ });
    await row.getByText('6/6').waitFor();
    await row.getByRole('button', { name: /View interview/ }).click();
    const dialog = admin.getByRole('dialog', { name: 'Complete Interview' });
    await dialog.getByRole('heading', { name: 'Question 6' }).waitFor();
    // Each answer in its own card (the insights above quote them too).
    const answer = (text: string) => dialog.getByRole('listitem').filter({ hasText: text });
    await answer(EDITED).waitFor();
    for (let step = 2; step <= 6; step += 1) await answer(written(step)).waitFor();
    expect(await dialog.getByRole('listitem').count()).toBe(6);
    expect(await dialog.getByRole('heading', { name: /^Question \d$/ }).count()).toBe(6);
    expect(await dialog.getByRole('heading', { name: 'Insights' }).count()).toBe(1);
    await admin.screenshot({ path: `${SHOTS}mentor-interview-admin.png`, fullPage: true });
  });
});
