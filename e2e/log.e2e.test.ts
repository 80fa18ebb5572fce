import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from './support/app.ts';
import { launchBrowser, type Browser } from './support/browser.ts';
import { addDays, localInstant, travelTo } from './support/clock.ts';
import { signUpAndSignIn, type Member } from './support/member.ts';

const SHOTS = new URL('../test-results/e2e/', import.meta.url).pathname;
const ZONE = 'UTC';

/** A simulated day a little ahead of the real one (a session's expiry is checked against the real clock). */
const DAY = addDays(new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date()), 3);
const MONTH = DAY.slice(0, 7);
const MONTH_LABEL = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${MONTH}-01T00:00:00Z`));
const at = (time: string) => localInstant(DAY, time, 0);

const NOTE = 'Draft the mentoring circle agenda.';
const REFLECTION = 'The agenda came together once I asked Dana what she needed.';
const WEAVE_TITLE = 'Asking before building';
/** Two lines, an emoji and accents (issue 26 §1.4: these printed as "?" in the PDF). */
const WEAVE_BODY = ['Both notes say the same thing ✨', 'the plan gets better when others shape it early — Zoë’s idea.'];

let app: RunningApp;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let member: Member;

beforeAll(async () => {
  app = await startApp({ MELD_SIGNUP_CODES: 'PILOT-E2E', MELD_CLOCK_CONTROL: '1' });
  browser = await launchBrowser();
  context = await browser.newContext({ timezoneId: ZONE, viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  await context.clock.install({ time: at('08:30') });
  await travelTo(app, context, at('08:30'));
  page = await context.newPage();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/** The member's API, for what other screens capture (fragments and a weave): a second session of the same member. */
async function api<T>(method: string, path: string, json?: unknown): Promise<T> {
  const login = await fetch(`${app.baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: member.email, password: member.password }) });
  const { token } = (await login.json()) as { token: string };
  const response = await fetch(`${app.baseUrl}${path}`, { method, headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-meld-time-zone': ZONE }, body: JSON.stringify(json) });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

async function download(format: 'Markdown' | 'PDF') {
  await page.getByRole('button', { name: 'Export' }).click();
  const file = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: format }).click();
  const done = await file;
  return { name: done.suggestedFilename(), bytes: readFileSync((await done.path())!) };
}

describe('the log', () => {
  it('holds the day\'s compass and reflection from Today, fragments and the reflection woven from them', async () => {
    member = await signUpAndSignIn(page, app.baseUrl, 'PILOT-E2E', 'Ife Adeyemi');
    const compass = page.locator('#daily-compass');
    await compass.getByRole('button', { name: 'Save & Begin Entry' }).click();
    await compass.getByLabel("What's on your mind this morning?").fill(NOTE);
    await compass.getByRole('button', { name: 'Save & Close' }).click();
    await compass.getByText(NOTE).waitFor();

    await travelTo(app, context, at('18:00'));
    await page.goto(`${app.baseUrl}/today`);
    const evening = page.locator('#evening-checkin');
    await evening.getByRole('button', { name: 'Start', exact: true }).click();
    await evening.getByRole('textbox').fill(REFLECTION);
    await evening.getByRole('button', { name: 'Save reflection' }).click();
    await page.getByText('Evening reflection saved — insights will help shape your growth').waitFor();
    // The member names the win (the first sentence is only a suggestion); it is saved at 18:00, when they saved it.
    await evening.getByRole('button', { name: 'Save as a win' }).click();
    const naming = page.getByRole('dialog', { name: 'Name this win' });
    await naming.getByRole('textbox', { name: 'Win' }).fill('Asked for help early');
    await naming.getByRole('button', { name: 'Save win' }).click();
    await evening.getByRole('button', { name: 'In your Wins Vault' }).waitFor();
    const [savedWin] = (await api<{ wins: { title: string; achievedAt: string }[] }>('GET', '/api/views/wins')).wins;
    expect(savedWin?.title).toBe('Asked for help early');
    expect(Math.abs(Date.parse(savedWin!.achievedAt) - at('18:00').getTime())).toBeLessThan(5 * 60_000);

    const first = await api<{ id: string }>('POST', '/api/fragments', { content: 'I learned to ask before building', tags: ['habits'] });
    const second = await api<{ id: string }>('POST', '/api/fragments', { content: 'Who else needs to hear this plan?' });
    await api('POST', '/api/fragments/weave', { fragmentIds: [first.id, second.id], title: WEAVE_TITLE, body: WEAVE_BODY.join('\n') });

    await page.goto(`${app.baseUrl}/log`);
    await page.getByRole('heading', { name: WEAVE_TITLE }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Month' }).inputValue()).toBe(MONTH);
    const card = (title: string) => page.getByRole('article').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
    await card('Daily compass').getByText(NOTE, { exact: true }).waitFor();
    await card('Evening reflection').getByText(REFLECTION, { exact: true }).waitFor();
    await card('Fragment').getByText('I learned to ask before building').waitFor();
    // No coach model here: the daily summary was put together from the day's record, so it is a
    // summary, never an "AI echo".
    await card('Evening reflection').getByText('Summary', { exact: true }).waitFor({ timeout: 15_000 });
    expect(await card('Evening reflection').getByText('AI echo').count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}log-month.png`, fullPage: true });

    await page.getByRole('button', { name: 'Timeline' }).click();
    await page.getByRole('heading', { level: 2, name: /^Today · / }).waitFor();
  });

  it('exports the month as Markdown and as a PDF a person can read', async () => {
    const markdown = await download('Markdown');
    expect(markdown.name).toBe(`meld-log-${MONTH}.md`);
    const text = markdown.bytes.toString('utf8');
    expect(text.split('\n')[0]).toBe(`# Meld log — ${MONTH_LABEL}`);
    expect(text).toMatch(new RegExp(`### ${WEAVE_TITLE} · Insight`));
    expect(text).toContain(REFLECTION);
    expect(text).toContain(NOTE);

    const pdf = await download('PDF');
    expect(pdf.name).toBe(`meld-log-${MONTH}.pdf`);
    const { text: pdfText } = await extractText(await getDocumentProxy(new Uint8Array(pdf.bytes)), { mergePages: true });
    for (const expected of [`Meld log — ${MONTH_LABEL}`, WEAVE_TITLE, REFLECTION, NOTE, 'I learned to ask before building']) expect(pdfText).toContain(expected);
    // The woven reflection's two lines print as two lines, with its emoji and accents.
    const lines = pdfText.split('\n').map((line) => line.trim());
    for (const line of WEAVE_BODY) expect(lines).toContain(line);
  });
});
