import { readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import { useAppInBrowser } from './support/app-in-browser.ts';
import { addDays, kolkataDays, travelTo } from './support/clock.ts';
import { signUpAndSignIn } from './support/member.ts';
import { captureQuickFragment } from './support/programme.ts';

// Issue 26's acceptance: a member's week on the local clock, day by day, with no model configured.
// She checks in each morning, reflects each evening, captures fragments and a win, follows every
// link the Log offers, changes a morning after its summary was written, and exports the Log as a
// PDF whose text is read back. The evening questions and summaries cite her own entries.

const SHOTS = new URL('../test-results/e2e/', import.meta.url).pathname;
const { timeZone, dayOne, at } = kolkataDays();
const weekdayOf = (date: string) => new Intl.DateTimeFormat('en-GB', { weekday: 'long', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));

/** Each morning's sliders as steps of 5 from the defaults (mood 70, energy 60), and the intention. */
const MORNINGS = [
  { mood: 0, energy: 0, note: 'Draft the mentoring circle agenda.' },
  { mood: 1, energy: -1, note: 'Prepare the pilot check-in call.' },
  { mood: -2, energy: -2, note: 'Write the mentor brief.' },
  { mood: 1, energy: -1, note: 'Review the budget with Dana.' },
  { mood: 3, energy: 2, note: 'Present the agenda to the circle.' },
  { mood: 0, energy: 0, note: 'Plan next quarter’s sessions.' },
  { mood: 1, energy: 1, note: 'Rest, and read one chapter.' },
] as const;
const moodOn = (day: number) => 70 + MORNINGS[day]!.mood * 5;
const energyOn = (day: number) => 60 + MORNINGS[day]!.energy * 5;

/** Evenings, two with a line break and an emoji, which the PDF must keep. */
const EVENINGS = [
  'The agenda came together once I asked Dana what she needed.',
  'The call ran short but everyone spoke.\nI want more of that ✨',
  'A slow day. The brief is half done.',
  'Dana agreed to the budget after one question.',
  'The circle liked the agenda.\nTwo people offered to host ✨',
  'Planning felt calm for once.',
  'I read, walked, and slept early.',
] as const;

const FRAGMENTS = ['I realized the best feedback is specific and kind', 'Who else needs to hear this plan?'] as const;
const WIN = 'Asked Dana what she needed';

const running = useAppInBrowser({ MELD_SIGNUP_CODES: 'PILOT-E2E', MELD_CLOCK_CONTROL: '1' }, { width: 1280, height: 900 }, { timeZone, startAt: at(0, '08:30') });
let page: Page;
beforeAll(() => {
  page = running().page;
});

const compass = () => page.locator('#daily-compass');
const evening = () => page.locator('#evening-checkin');

async function openTodayAt(day: number, time: string): Promise<void> {
  await travelTo(running().app, running().context, at(day, time));
  await page.goto(`${running().app.baseUrl}/today`);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
}

/** Moves a slider by keyboard, as a person does: each arrow is one step of 5. */
async function nudge(slider: Locator, steps: number): Promise<void> {
  await slider.focus();
  for (let i = 0; i < Math.abs(steps); i++) await slider.press(steps > 0 ? 'ArrowRight' : 'ArrowLeft');
}

async function checkIn(day: number): Promise<void> {
  const morning = MORNINGS[day]!;
  await nudge(compass().getByRole('slider', { name: 'Mood' }), morning.mood);
  await nudge(compass().getByRole('slider', { name: 'Energy' }), morning.energy);
  expect(await compass().getByRole('slider', { name: 'Mood' }).inputValue()).toBe(String(moodOn(day)));
  expect(await compass().getByRole('slider', { name: 'Energy' }).inputValue()).toBe(String(energyOn(day)));
  await compass().getByRole('button', { name: 'Save & Begin Entry' }).click();
  await compass().getByLabel("What's on your mind this morning?").fill(morning.note);
  await compass().getByRole('button', { name: 'Save & Close' }).click();
  await compass().getByRole('textbox').waitFor({ state: 'detached' });
  await compass().getByText(morning.note).waitFor();
}

/**
 * Starts the evening reflection and returns the question's source line, if it has one. A source
 * with a link opens that very record in a new tab, while the reflection being written stays.
 */
async function askEvening(day: number): Promise<string | null> {
  await evening().getByRole('button', { name: 'Start', exact: true }).click();
  const box = evening().getByRole('textbox');
  await box.waitFor();
  const source = evening().getByText(/^From your /);
  if ((await source.count()) === 0) return null;
  const label = (await source.innerText()).replace(/\s*\(opens in a new tab\)$/, '');
  const link = evening().getByRole('link', { name: /^From your / });
  if ((await link.count()) > 0) {
    const [tab] = await Promise.all([running().context.waitForEvent('page'), link.click()]);
    // The record it names is what the new tab shows, in its own place on that page.
    const kind = /^From your (\w+)/.exec(label)![1];
    const shown =
      kind === 'fragment'
        ? tab.getByRole('complementary', { name: 'Fragment preview' }).getByText(new RegExp(FRAGMENTS.join('|')))
        : kind === 'win'
          ? tab.getByRole('complementary', { name: 'Win preview' }).getByText(WIN)
          : tab.locator('#daily-compass').getByText(MORNINGS[day - 1]!.note);
    await shown.first().waitFor({ timeout: 15_000 }).catch(() => expect.fail(`${label} opened ${tab.url()}, which does not show it`));
    await tab.close();
  }
  expect(await box.isVisible()).toBe(true);
  return label;
}

async function reflect(day: number): Promise<string> {
  await evening().getByRole('textbox').fill(EVENINGS[day]!);
  await evening().getByRole('button', { name: 'Save reflection' }).click();
  const summary = evening().getByText(/In the evening you reflected: “/);
  await summary.waitFor({ timeout: 15_000 });
  return summary.innerText();
}

/** The evening questions' source lines, day by day. */
const sources: (string | null)[] = [];

/** One day of her week: the morning check-in (and a fragment on days one and four), then the evening. Returns the summary. */
async function liveDay(day: number): Promise<string> {
  await openTodayAt(day, '08:30');
  await checkIn(day);
  if (day === 0) await captureQuickFragment(page, FRAGMENTS[0]);
  if (day === 3) await captureQuickFragment(page, FRAGMENTS[1]);

  await openTodayAt(day, '19:00');
  sources.push(await askEvening(day));
  const summary = await reflect(day);
  const weekday = weekdayOf(addDays(dayOne, day));
  // Every summary names its day, never "today", and quotes the evening's first sentence.
  expect(summary).toContain(`On ${weekday} you rated your mood`);
  expect(summary).not.toMatch(/\btoday\b/i);
  if (day === 0) expect(summary).toContain('With no check-in in the six days before, it needs a few more days to compare with your own average.');
  if (day === 1) {
    expect(summary).toContain('With only 1 check-in in the six days before, it needs a few more days to compare with your own average.');
    await evening().getByRole('button', { name: 'Save as a win' }).click();
    const naming = page.getByRole('dialog', { name: 'Name this win' });
    await naming.getByRole('textbox', { name: 'Win' }).fill(WIN);
    await naming.getByRole('button', { name: 'Save win' }).click();
    await evening().getByRole('button', { name: 'In your Wins Vault' }).waitFor();
  }
  if (day === 4) {
    // Days one to four: mood 70, 75, 60, 75 (average 70); energy 60, 55, 50, 55 (average 55).
    expect(summary).toContain('Against your average over your 4 check-ins in the six days before (mood 70, energy 55), your mood was 15 points higher and your energy was 15 points higher.');
    expect(summary).toContain(`${weekday} was day 5 of your check-in streak.`);
    expect(summary).toContain(`In the same week you had a win: “${WIN}”.`);
    await page.getByText('Evening reflection saved — insights will help shape your growth').waitFor({ state: 'detached' });
    for (const viewport of [{ width: 1280, height: 720 }, { width: 390, height: 844 }]) {
      await page.setViewportSize(viewport);
      await evening().screenshot({ path: `${SHOTS}seven-days-summary-day5-${viewport.width}.png` });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  }
  return summary;
}

describe('a week on the local clock, without a model', () => {
  it('days one to five: checks in, captures, reflects; from day two the evening cites her own entries', async () => {
    await signUpAndSignIn(page, running().app.baseUrl, 'PILOT-E2E', 'Amara Obi');
    for (let day = 0; day < 5; day++) await liveDay(day);
  }, 300_000);

  it('day six: a morning changed after its summary marks the summary out of date, and writing it again tells the new numbers', async () => {
    await liveDay(5);
    await openTodayAt(5, '21:00');
    await compass().getByRole('button', { name: 'Edit' }).click();
    await nudge(compass().getByRole('slider', { name: 'Mood' }), -5);
    await compass().getByRole('button', { name: /^Save/ }).first().click();
    await evening().getByText('Written before you changed this morning’s check-in, so it may not match it.').waitFor();
    await evening().getByRole('button', { name: 'Write it again' }).click();
    await evening().getByText(`On ${weekdayOf(addDays(dayOne, 5))} you rated your mood`).filter({ hasText: '(45/100)' }).waitFor({ timeout: 15_000 });
    expect(await evening().getByText('Written before you changed').count()).toBe(0);
  });

  it('day seven: the summary counts the changed morning, Today shows her week as a trend, and yesterday is read-only, with no nudge and no Save as a win', async () => {
    const summary = await liveDay(6);
    // Days one to six: mood 70, 75, 60, 75, 85, 45 (average 68); energy 60, 55, 50, 55, 70, 60 (average 58).
    expect(summary).toContain('Against your average over your 6 check-ins in the six days before (mood 68, energy 58), your mood was 7 points higher and your energy was 7 points higher.');
    expect(summary).toContain(`${weekdayOf(addDays(dayOne, 6))} was day 7 of your check-in streak.`);
    // From the second evening on there was always something of hers to ask about (at least the
    // intention of the day before), and it was named.
    for (const source of sources.slice(1)) expect(source).toMatch(/^From your (fragment|win|intention|mood|energy) /);
    // Seven mornings: mood 70, 75, 60, 75, 85, 45 (changed on day six), 75; energy 60, 55, 50, 55, 70, 60, 65.
    const trend = page.getByRole('figure', { name: /^Over the last 8 weeks/ });
    await trend.waitFor();
    expect(await trend.getByText('Over the last 8 weeks your mood averaged 69 and your energy 59.', { exact: false }).count()).toBe(1);
    for (const viewport of [{ width: 1280, height: 720 }, { width: 390, height: 844 }]) {
      await page.setViewportSize(viewport);
      await page.screenshot({ path: `${SHOTS}seven-days-today-${viewport.width}.png`, fullPage: true });
      await trend.screenshot({ path: `${SHOTS}seven-days-trend-${viewport.width}.png` });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('button', { name: 'Previous day' }).click();
    await compass().getByText(MORNINGS[5].note).waitFor();
    for (const name of ['Edit', 'Save as a win']) expect(await page.locator('main').getByRole('button', { name, exact: true }).count()).toBe(0);
    expect(await page.getByText('Running low? Try a short recharge').count()).toBe(0);
  });

  it('every link in the Log opens the record it names', async () => {
    const month = addDays(dayOne, 6).slice(0, 7);
    await page.goto(`${running().app.baseUrl}/log?month=${month}`);
    await page.getByRole('article').first().waitFor();
    const links = page.getByRole('link', { name: /^Open source/ });
    const targets = await links.evaluateAll((anchors) =>
      anchors.map((anchor) => {
        const card = anchor.closest('article');
        return { href: anchor.getAttribute('href')!, heading: card?.querySelector('h3, h2')?.textContent ?? '', text: card instanceof HTMLElement ? card.innerText : '' };
      }),
    );
    expect(targets.length).toBeGreaterThan(0);
    const known = [...FRAGMENTS, WIN, ...MORNINGS.map((morning) => morning.note), ...EVENINGS.map((text) => text.split('\n')[0]!)];
    for (const target of targets) {
      // What the card shows of hers is what the page it links to shows.
      const own = known.filter((text) => target.text.includes(text));
      expect(own.length, `${target.heading} card`).toBeGreaterThan(0);
      await page.goto(`${running().app.baseUrl}${target.href}`);
      await expect
        .poll(async () => { const shown = await page.locator('body').innerText(); return own.some((text) => shown.includes(text)); }, { timeout: 15_000, message: `${target.heading} → ${target.href}` })
        .toBe(true);
    }
  });

  it('exports the Log as a PDF whose text is hers, line breaks and emoji included', async () => {
    const month = addDays(dayOne, 6).slice(0, 7);
    await page.goto(`${running().app.baseUrl}/log?month=${month}`);
    await page.getByRole('article').first().waitFor();
    await page.getByRole('button', { name: 'Export' }).click();
    const file = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'PDF' }).click();
    const bytes = readFileSync((await (await file).path())!);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
    const inMonth = (day: number) => addDays(dayOne, day).slice(0, 7) === month;
    for (let day = 0; day < 7; day++) {
      if (!inMonth(day)) continue;
      expect(text).toContain(MORNINGS[day]!.note);
      for (const line of EVENINGS[day]!.split('\n')) expect(text).toContain(line);
    }
    expect(text).not.toMatch(/\?I want|\?Two people/);
    expect(text).toContain(WIN);
  });
});
