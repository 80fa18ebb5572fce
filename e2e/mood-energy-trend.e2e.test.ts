import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from './support/app.ts';
import { launchBrowser, resizeTo, type Browser } from './support/browser.ts';
import { addDays, localInstant, travelTo } from './support/clock.ts';
import { seriousViolations } from './support/axe.ts';
import { horizontalOverflow, layoutScreenshot, notVisibleReasons, VIEWPORTS } from './support/layout.ts';
import { signUpAndSignIn, type Member } from './support/member.ts';

const ZONE = 'UTC';
/**
 * A simulated today eight weeks and more ahead of the real one, so every day the member lived is
 * still ahead of the real date (a session's expiry is checked against the real clock).
 */
const TODAY = addDays(new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date()), 60);
const at = (date: string, time: string) => localInstant(date, time, 0);

/**
 * Eight weeks of three compass days each, the last week ending today. Mood holds at 60 (one day of
 * 65 in the seventh week, so that week averages 62); energy climbs 5 points a week from 35; the
 * fifth week has no entries at all. Sliders move in steps of 5.
 */
const WEEKS = [0, 1, 2, 3, 5, 6, 7];
const weekEnd = (week: number) => addDays(TODAY, -7 * (7 - week));
const ENTRIES = WEEKS.flatMap((week) => [0, 2, 4].map((back) => ({ date: addDays(weekEnd(week), -back), mood: week === 6 && back === 2 ? 65 : 60, energy: 35 + 5 * week }))).sort((a, b) => a.date.localeCompare(b.date));

let app: RunningApp;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  app = await startApp({ MELD_SIGNUP_CODES: 'PILOT-E2E', MELD_CLOCK_CONTROL: '1' });
  browser = await launchBrowser();
  context = await browser.newContext({ timezoneId: ZONE, viewport: { width: 1280, height: 720 } });
  await context.clock.install({ time: at(ENTRIES[0]!.date, '08:00') });
  page = await context.newPage();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

async function api(token: string, path: string, body: unknown): Promise<void> {
  const response = await fetch(`${app.baseUrl}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-meld-time-zone': ZONE },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${path} failed: ${response.status} ${await response.text()}`);
}

const slider = (date: string, type: 'mood' | 'energy', value: number) => ({ kind: 'compass', promptText: `Your ${type}?`, captureMethod: 'slider', interactionMeta: { type }, date, numericAnswer: value });

/** Each compass saved on its own morning, as the member lived it (the API takes only today's). */
async function liveTheWeeks(member: Member): Promise<void> {
  for (const entry of ENTRIES) {
    await travelTo(app, context, at(entry.date, '08:00'));
    // Days apart, yesterday's session has expired: the member signs in each morning.
    const login = await fetch(`${app.baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: member.email, password: member.password }) });
    const { token } = (await login.json()) as { token: string };
    await api(token, '/api/interactions', slider(entry.date, 'mood', entry.mood));
    await api(token, '/api/interactions', slider(entry.date, 'energy', entry.energy));
  }
}

const trendCard = () => page.locator('#mood-energy-trend');

describe('the mood and energy trend on Today', () => {
  it('draws eight weeks of the member’s compass, says what it shows in words and keeps the numbers in a table', async () => {
    await travelTo(app, context, at(ENTRIES[0]!.date, '08:00'));
    const member = await signUpAndSignIn(page, app.baseUrl, 'PILOT-E2E', 'Ama Owusu');
    // A new member: the card says how many days it has and how many it needs.
    await trendCard().getByText('The trend appears once 7 days have a compass. You have 0 days in the last 8 weeks.').waitFor();

    await liveTheWeeks(member);
    await travelTo(app, context, at(TODAY, '18:00'));
    await page.goto(`${app.baseUrl}/today`);

    const firstWeek = new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric', timeZone: ZONE }).format(new Date(`${addDays(weekEnd(0), -6)}T12:00:00Z`));
    // Mood: 20 days at 60 and one at 65, so 60; energy: (35+40+45+50+60+65+70)/7 = 52.
    const figure = page.getByRole('figure', {
      name: `Over the last 8 weeks your mood averaged 60 and your energy 52. Mood has held steady around 60. Energy has risen since the week of ${firstWeek}, from 35 to 70.`,
    });
    await figure.waitFor();
    const table = figure.getByRole('table', { name: 'Mood and energy, weekly averages' });
    const rows = await table.getByRole('row').evaluateAll((found) => found.slice(1).map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent)));
    expect(rows).toEqual([
      ['60', '35', '3'],
      ['60', '40', '3'],
      ['60', '45', '3'],
      ['60', '50', '3'],
      ['No entry', 'No entry', '0'],
      ['60', '60', '3'],
      ['62', '65', '3'],
      ['60', '70', '3'],
    ]);

    expect(await seriousViolations(page)).toEqual([]);

    for (const viewport of VIEWPORTS) {
      await resizeTo(page, viewport);
      const chart = figure.getByTestId('trend-chart');
      expect({ viewport, chart: await notVisibleReasons(chart), legend: await notVisibleReasons(figure.getByRole('list', { name: 'Lines' })), overflow: await horizontalOverflow(page) }).toEqual({
        viewport,
        chart: [],
        legend: [],
        overflow: [],
      });
      // The two lines and the gap between them: one energy line before the empty week, one after.
      expect(await chart.locator('polyline[data-measure="energy"]').count()).toBe(2);
      await trendCard().scrollIntoViewIfNeeded();
      await layoutScreenshot(page, 'today-mood-energy-trend');
    }

    // On a phone the numbers open under the chart and stay on the screen.
    await figure.getByRole('button', { name: 'Show the numbers' }).click();
    expect(await notVisibleReasons(table.getByRole('row').last())).toEqual([]);
    expect(await horizontalOverflow(page)).toEqual([]);
    await table.scrollIntoViewIfNeeded();
    await layoutScreenshot(page, 'today-mood-energy-trend-table');
    expect(await seriousViolations(page)).toEqual([]);
  });
});
