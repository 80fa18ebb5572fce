import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI } from '../functions/src/providers/llm/__fakes__/openai-server.ts';
import type { FakeServer } from '../functions/src/providers/llm/__fakes__/sse-server.ts';
import { startApp, type RunningApp } from './support/app.ts';
import { launchBrowser, type Browser } from './support/browser.ts';
import { addDays, localInstant, travelTo } from './support/clock.ts';
import { signUpAndSignIn, type Member } from './support/member.ts';

const SHOTS = new URL('../test-results/e2e/', import.meta.url).pathname;
const ZONE = 'UTC';

/**
 * A simulated today ahead of the real one, and the member's entries on days before it that are
 * still ahead of the real date (a session's expiry is checked against the real clock).
 */
const TODAY = addDays(new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date()), 16);
const at = (date: string, time: string) => localInstant(date, time, 0);
const ENTRY_DAYS = [-12, -9, -7, -5, -3, -2, -1].map((offset) => addDays(TODAY, offset));

const FIRST = {
  headline: 'You are turning steady mornings into work you are proud to sign.',
  dominantValue: 'growth',
  chapters: [
    {
      title: 'What you keep choosing',
      content:
        'Across these weeks you kept choosing the harder conversation: the budget review, the roadmap call, the honest note to your manager. Each evening you wrote about it with a little more calm than the day before, and the notes show someone learning that asking early saves weeks.',
      valueHighlights: [
        { text: 'choosing the harder conversation', value: 'courage' },
        { text: 'asking early saves weeks', value: 'growth' },
      ],
    },
    {
      title: 'Where the energy went',
      content:
        'Your energy rose on the days you protected the first two hours for the onboarding draft and dipped when meetings took the morning. The launch took most of it in the last week, and your intentions grew shorter and sharper as it came close.',
      valueHighlights: [{ text: 'protected the first two hours', value: 'integrity' }],
    },
    {
      title: 'Where it points',
      content:
        'Your notes point toward leading the next launch yourself rather than supporting it. The win you kept, shipping the onboarding flow on time, says you are ready to ask for that role, and your reflections say you want to.',
      valueHighlights: [],
    },
  ],
  goals: [
    { title: 'Lead the next launch', alignment: 'strong', nextStep: 'Ask for the launch lead role in Monday’s one-to-one.' },
    { title: 'Protect morning focus', alignment: 'drifting', nextStep: 'Block 9 to 11 on three days this week.' },
    { title: 'Mentor a new teammate', alignment: 'emerging', nextStep: 'Offer Dana a weekly half hour.' },
  ],
};
const SECOND = { ...FIRST, headline: 'You are ready to lead what you have been quietly holding together.', dominantValue: 'courage' };

/** The coach writes the first narrative, then (asked with a previous headline in the prompt) the second. */
function coachReply(body: unknown): string[] {
  const prompt = (body as { messages: { content: string }[] }).messages.map((message) => message.content).join('\n');
  return [JSON.stringify(prompt.includes("previous narrative's headline") ? SECOND : FIRST)];
}

let app: RunningApp;
let coach: FakeServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  coach = await startFakeOpenAI({ reply: coachReply });
  const configFile = join(tmpdir(), `meld-e2e-north-star-${process.pid}.json`);
  writeFileSync(
    configFile,
    JSON.stringify({
      endpoints: { custom: [{ name: 'Coach', apiKey: 'fake-key', baseURL: `${coach.url}/v1`, models: ['fake-coach'] }] },
      coach: { endpoint: 'Coach', model: 'fake-coach' },
    }),
  );
  app = await startApp({ MELD_SIGNUP_CODES: 'PILOT-E2E', MELD_CONFIG_FILE: configFile, MELD_CLOCK_CONTROL: '1' });
  browser = await launchBrowser();
  context = await browser.newContext({ timezoneId: ZONE, viewport: { width: 1280, height: 900 } });
  await context.clock.install({ time: at(ENTRY_DAYS[0]!, '08:00') });
  page = await context.newPage();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await coach?.close();
});

async function api(token: string, method: string, path: string, body?: unknown): Promise<Response> {
  const response = await fetch(`${app.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-meld-time-zone': ZONE },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} ${path} failed: ${response.status} ${await response.text()}`);
  return response;
}

const answer = (date: string, type: string, value: number | string) => ({
  kind: type === 'evening-reflection' ? 'reflection' : 'compass',
  promptText: `Your ${type}?`,
  captureMethod: typeof value === 'number' ? 'slider' : 'text',
  interactionMeta: { type },
  date,
  ...(typeof value === 'number' ? { numericAnswer: value } : { responseText: value }),
});

/** A week and a half of compass days, evenings and a win, each saved on its own day as the member lived it. */
async function liveTheDays(member: Member): Promise<void> {
  let token = '';
  for (const [index, date] of ENTRY_DAYS.entries()) {
    await travelTo(app, context, at(date, '19:00'));
    // Days apart, yesterday's session has expired: the member signs in each evening.
    const login = await fetch(`${app.baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: member.email, password: member.password }) });
    ({ token } = (await login.json()) as { token: string });
    await api(token, 'POST', '/api/interactions', answer(date, 'mood', 60 + 5 * (index % 4)));
    await api(token, 'POST', '/api/interactions', answer(date, 'energy', 50 + 5 * (index % 3)));
    await api(token, 'POST', '/api/interactions', answer(date, 'note', ['Finish the onboarding draft', 'Roadmap call with Dana', 'Budget review', 'Protect the morning'][index % 4]!));
    if (index % 2 === 0) await api(token, 'POST', '/api/interactions', answer(date, 'evening-reflection', 'Asked for help early and the review went calmly.'));
  }
  await api(token, 'POST', '/api/wins', { title: 'Shipped the onboarding flow on time', description: 'Signups finish 20% faster.' });
}

describe('the North-Star narrative', () => {
  it('is written by the coach from the member’s days, then a chapter is edited and a goal completed', async () => {
    await travelTo(app, context, at(ENTRY_DAYS[0]!, '08:00'));
    const member = await signUpAndSignIn(page, app.baseUrl, 'PILOT-E2E', 'Ama Owusu');
    // A new member has nothing to write from: the page says what is missing, and the coach is not asked.
    await page.goto(`${app.baseUrl}/library/north-star`);
    await page.getByRole('heading', { name: 'Not enough to go on yet' }).waitFor();
    await page.getByText('0 of 5 days with entries in the last 45 days').waitFor();
    expect(coach.requests).toHaveLength(0);
    await page.screenshot({ path: `${SHOTS}north-star-not-enough-1280.png`, fullPage: true });
    await liveTheDays(member);
    await travelTo(app, context, at(TODAY, '10:00'));

    await page.goto(`${app.baseUrl}/library/north-star`);
    await page.getByRole('heading', { name: 'Your narrative is ready to be written' }).waitFor();
    await page.getByRole('button', { name: 'Write my narrative' }).click();
    await page.getByRole('heading', { name: FIRST.headline }).waitFor();
    const prompt = JSON.stringify(coach.requests.at(-1)!.body);
    expect(prompt).toContain(`${ENTRY_DAYS.at(-1)} compass: mood`);
    expect(prompt).toContain('win: \\"Shipped the onboarding flow on time\\"');
    expect(await page.getByRole('region', { name: 'Data Sources' }).innerText()).toMatch(/Daily compass check-ins\s+7 entries[\s\S]*Evening reflections\s+4 entries[\s\S]*Wins\s+1 entry/);

    // The member rewrites the second chapter in their own words; a reload reads it back.
    await page.getByRole('button', { name: 'Edit “Where the energy went”' }).click();
    await page.getByRole('textbox', { name: 'Text of “Where the energy went”' }).fill('Mornings I protect are the ones that move the launch. Meetings can wait until eleven.');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Chapter updated').waitFor();
    await page.getByRole('button', { name: 'Mark “Mentor a new teammate” completed' }).click();
    await page.getByText('Goal status updated').waitFor();
    await page.reload();
    await page.getByText('Mornings I protect are the ones that move the launch.').waitFor();
    expect(await page.getByText('Edited', { exact: true }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Mark “Mentor a new teammate” not completed' }).getAttribute('aria-pressed')).toBe('true');
    await page.screenshot({ path: `${SHOTS}north-star-1280.png`, fullPage: true });
  });

  it('regenerates a new version that says what changed, and keeps the old one in the history', async () => {
    await page.getByRole('button', { name: 'Regenerate' }).click();
    await page.getByRole('heading', { name: SECOND.headline }).waitFor();
    expect(await page.getByRole('region', { name: 'What Changed' }).innerText()).toMatch(/New headline[\s\S]*Dominant value moved from growth to courage/);
    // The completed goal keeps its completion in the new version.
    expect(await page.getByRole('button', { name: 'Mark “Mentor a new teammate” not completed' }).count()).toBe(1);

    await page.keyboard.press('Control+Shift+H');
    const history = page.getByRole('dialog', { name: 'History' });
    await history.getByText(FIRST.headline).click();
    await page.getByText(/It is read-only\./).waitFor();
    expect(await page.getByRole('button', { name: 'Regenerate' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Back to the latest' }).click();
    await page.getByRole('heading', { name: SECOND.headline }).waitFor();

    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.getByRole('heading', { name: SECOND.headline }).waitFor();
    await page.screenshot({ path: `${SHOTS}north-star-390.png`, fullPage: true });
    await page.mouse.wheel(0, 1400);
    await page.getByRole('navigation', { name: 'Jump to' }).waitFor();
    await page.screenshot({ path: `${SHOTS}north-star-390-jump.png`, animations: 'disabled' });
  });
});
