import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI } from '../functions/src/providers/llm/__fakes__/openai-server.ts';
import type { FakeServer } from '../functions/src/providers/llm/__fakes__/sse-server.ts';
import { startApp, type RunningApp } from './support/app.ts';
import { launchBrowser, type Browser } from './support/browser.ts';
import { signIn, signUpAndSignIn, type Member } from './support/member.ts';

const SHOTS = new URL('../test-results/e2e/', import.meta.url).pathname;

const FRAGMENT = 'I realized my best writing happens before 9am, before any meetings';
const NOTE = 'Draft the keynote outline';
const COACH_REPLY =
  'Your mornings keep showing up as the time your thinking is clearest: the keynote outline and the fragment you attached both point there. What would it take to guard two mornings a week for writing?';
const TITLE = 'Guarding writing mornings';
const PRIVACY_URL = 'https://meld.example/privacy';

type ChatRequest = { messages: { role: string; content: string }[] };
const isCoachTurn = (body: unknown) => (body as ChatRequest).messages[0]?.content.includes('AI coach of Meld') ?? false;

let app: RunningApp;
let coach: FakeServer;
let browser: Browser;
let member: Member;
let fragmentId: string;

/** The member's API token, for the data a member records elsewhere (a check-in, a fragment). */
async function apiAs(who: Member) {
  const login = await fetch(`${app.baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: who.email, password: who.password }) });
  const { token } = (await login.json()) as { token: string };
  return async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-meld-time-zone': 'UTC' };
    const response = await fetch(`${app.baseUrl}${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    if (!response.ok) throw new Error(`${method} ${path} failed: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
}

beforeAll(async () => {
  // Word by word, slowly enough that the reply is seen arriving.
  coach = await startFakeOpenAI({ reply: (body) => (isCoachTurn(body) ? COACH_REPLY : TITLE).split(/(?= )/), intervalMs: 60 });
  const configFile = join(tmpdir(), `meld-e2e-coach-chats-${process.pid}.json`);
  writeFileSync(
    configFile,
    JSON.stringify({
      endpoints: { custom: [{ name: 'Coach', apiKey: 'fake-key', baseURL: `${coach.url}/v1`, models: ['fake-coach'] }] },
      coach: { endpoint: 'Coach', model: 'fake-coach' },
      interface: { privacyPolicy: { externalUrl: PRIVACY_URL } },
    }),
  );
  app = await startApp({ MELD_SIGNUP_CODES: 'PILOT-E2E', MELD_CONFIG_FILE: configFile });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await coach?.close();
});

describe('coach chats', () => {
  let page: Page;

  it('chats with the coach with a fragment chip attached and sees the reply stream in', async () => {
    const context = await browser.newContext({ timezoneId: 'UTC', viewport: { width: 1280, height: 860 } });
    page = await context.newPage();
    member = await signUpAndSignIn(page, app.baseUrl, 'PILOT-E2E');
    const call = await apiAs(member);
    const today = new Date().toISOString().slice(0, 10);
    await call('POST', '/api/interactions', { kind: 'compass', promptText: 'Mood?', captureMethod: 'slider', interactionMeta: { type: 'mood' }, date: today, numericAnswer: 75 });
    await call('POST', '/api/interactions', { kind: 'compass', promptText: 'Intention?', captureMethod: 'text', interactionMeta: { type: 'note' }, date: today, responseText: NOTE });
    fragmentId = (await call<{ id: string }>('POST', '/api/fragments', { content: FRAGMENT })).id;

    // The fragments page's Add to Chat: a new thread with the fragment as its chip.
    await page.goto(`${app.baseUrl}/chats?fragment=${fragmentId}`);
    await page.waitForURL(/\/chats\?thread=/);
    const chips = page.getByRole('list', { name: 'Context' });
    await expect.poll(() => chips.textContent()).toContain('I realized my b…');

    const composer = page.getByRole('textbox', { name: 'Message the coach' });
    await composer.fill('How can I write more?');
    await composer.press('Enter');
    await expect.poll(() => composer.inputValue()).toBe('');
    // Part of the reply is on screen before all of it is.
    await page.getByText('Your mornings keep', { exact: false }).first().waitFor();
    expect(await page.getByText(COACH_REPLY, { exact: true }).count()).toBe(0);
    await page.getByText(COACH_REPLY, { exact: true }).waitFor({ timeout: 20_000 });
    await page.getByText('Drawing on your last check-in and 1 fragment').waitFor();
    await page.getByRole('heading', { name: TITLE }).waitFor();

    const turn = coach.requests.map((request) => request.body as ChatRequest).find(isCoachTurn)!;
    expect(turn.messages[0]!.content).toContain(`intention note: "${NOTE}"`);
    expect(turn.messages[0]!.content).toContain(FRAGMENT);
    expect(turn.messages.at(-1)).toEqual({ role: 'user', content: 'How can I write more?' });

    await page.screenshot({ path: `${SHOTS}coach-chats-1280.png`, fullPage: false });
    await page.getByRole('button', { name: 'AI coach profile' }).click();
    await page.getByRole('complementary', { name: 'Your AI coach' }).waitFor();
    expect(await page.getByRole('link', { name: 'Privacy policy' }).getAttribute('href')).toBe(PRIVACY_URL);
    // The panel slides in; the picture is of it at rest.
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${SHOTS}coach-chats-profile-1280.png`, fullPage: false });
    await context.close();
  });

  it('saves a reply to Fragments and reads the thread on a phone', async () => {
    const context = await browser.newContext({ timezoneId: 'UTC', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    page = await context.newPage();
    await signIn(page, app.baseUrl, member);
    await page.goto(`${app.baseUrl}/chats`);
    await page.getByRole('button', { name: new RegExp(TITLE) }).first().waitFor();
    await page.screenshot({ path: `${SHOTS}coach-chats-list-390.png`, fullPage: false });
    await page.getByRole('button', { name: new RegExp(TITLE) }).first().click();
    await page.getByRole('button', { name: 'Save to Fragments' }).click();
    await page.getByRole('button', { name: 'Saved to Fragments' }).waitFor();
    await page.screenshot({ path: `${SHOTS}coach-chats-390.png`, fullPage: false });

    const { fragments } = await (await apiAs(member))<{ fragments: { content: string; tags: string[]; source: string }[] }>('GET', '/api/fragments');
    expect(fragments).toContainEqual(expect.objectContaining({ content: COACH_REPLY, tags: ['coach'], source: 'manual' }));
    await context.close();
  });
});
