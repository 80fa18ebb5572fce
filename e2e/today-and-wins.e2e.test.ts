import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from './support/app.ts';
import { launchBrowser } from './support/browser.ts';
import { signUpAndSignIn, type Member } from './support/member.ts';

const SHOTS = new URL('../test-results/e2e/', import.meta.url).pathname;

/**
 * Zones spread so that every whole UTC offset from -12 to +14 is covered: whatever the machine's
 * clock, some zone is in the morning and another in the evening of the same calendar day.
 */
const ZONES = [
  'Etc/GMT+12',
  'Pacific/Pago_Pago',
  'Pacific/Honolulu',
  'America/Anchorage',
  'America/Los_Angeles',
  'America/Denver',
  'America/Chicago',
  'America/New_York',
  'America/Halifax',
  'America/Sao_Paulo',
  'America/Noronha',
  'Atlantic/Azores',
  'Europe/Lisbon',
  'Europe/Berlin',
  'Europe/Athens',
  'Europe/Moscow',
  'Asia/Dubai',
  'Asia/Karachi',
  'Asia/Kolkata',
  'Asia/Dhaka',
  'Asia/Bangkok',
  'Asia/Shanghai',
  'Asia/Tokyo',
  'Australia/Brisbane',
  'Pacific/Noumea',
  'Pacific/Auckland',
  'Pacific/Tongatapu',
  'Pacific/Kiritimati',
];

interface ZoneClock {
  zone: string;
  date: string;
  hour: number;
}

function clockIn(zone: string, now: Date): ZoneClock {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', hourCycle: 'h23' }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { zone, date: `${part('year')}-${part('month')}-${part('day')}`, hour: Number(part('hour')) };
}

/**
 * A morning zone (local hour 6-13, evening check-in still locked) and an evening zone (16-22,
 * open) that share today's date, so the compass saved in the morning is that same day's compass
 * in the evening and every save is for the zone's own today. The hours stay well clear of 15:00
 * and midnight for the length of this file.
 */
function morningAndEveningZones(now = new Date()): { morning: ZoneClock; evening: ZoneClock } {
  const clocks = ZONES.map((zone) => clockIn(zone, now));
  for (const morning of clocks.filter((c) => c.hour >= 6 && c.hour <= 13)) {
    const evening = clocks.find((c) => c.hour >= 16 && c.hour <= 22 && c.date === morning.date);
    if (evening) return { morning, evening };
  }
  throw new Error(`No morning and evening zones share a date at ${now.toISOString()}`);
}

let app: RunningApp;
let browser: Browser;
let member: Member;
const zones = morningAndEveningZones();

beforeAll(async () => {
  app = await startApp({ MELD_SIGNUP_CODES: 'PILOT-E2E' });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

async function openContext(timezoneId: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ timezoneId, viewport: { width: 1280, height: 900 } });
  return { context, page: await context.newPage() };
}

async function signIn(page: Page): Promise<void> {
  await page.goto(`${app.baseUrl}/login`);
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL('**/today');
}

/** Moves a 0-100 slider by keyboard, as a person does: each arrow is one step of 5. */
async function nudge(page: Page, name: string, key: 'ArrowLeft' | 'ArrowRight', times: number) {
  const slider = page.getByRole('slider', { name });
  await slider.focus();
  for (let i = 0; i < times; i++) await slider.press(key);
}

// The streak badge needs three consecutive days with a compass; past days are read-only in the
// browser, so it is left to the server's and the web's own tests.
describe('the Today screen', () => {
  it('sets the morning compass and keeps the evening check-in locked until 3 PM', async () => {
    const { context, page } = await openContext(zones.morning.zone);
    member = await signUpAndSignIn(page, app.baseUrl, 'PILOT-E2E', 'Ama Owusu');
    const compass = page.locator('#daily-compass');
    const evening = page.locator('#evening-checkin');

    // This morning's compass is empty, so it opens on the sliders: mood 70 -> 85, energy 60 -> 40.
    await nudge(page, 'Mood', 'ArrowRight', 3);
    await nudge(page, 'Energy', 'ArrowLeft', 4);
    expect(await page.getByRole('slider', { name: 'Mood' }).getAttribute('aria-valuetext')).toBe('Wonderful, 85');
    await compass.getByRole('button', { name: 'Save & Begin Entry' }).click();
    await compass.getByLabel("What's on your mind this morning?").fill('Finish the onboarding draft before lunch.');
    await compass.getByRole('button', { name: 'Save & Close' }).click();

    await compass.getByText('Finish the onboarding draft before lunch.').waitFor();
    expect(await compass.locator('dl').innerText()).toMatch(/Mood\s+Wonderful\s+85[\s\S]*Energy\s+Focused\s+40/i);
    await evening.getByText('Opens after 3 PM today.').waitFor();
    expect(await evening.getByRole('button', { name: 'Start', exact: true }).count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}today-morning.png`, fullPage: true });

    // A reload reads the same day back from the server.
    await page.reload();
    await compass.getByText('Finish the onboarding draft before lunch.').waitFor();
    await context.close();
  });

  it('asks an evening question, saves the reflection and shows the daily summary', async () => {
    const { context, page } = await openContext(zones.evening.zone);
    await signIn(page);
    const evening = page.locator('#evening-checkin');
    // The morning compass belongs to this same date, so it is already done here.
    await page.locator('#daily-compass').getByText('Finish the onboarding draft before lunch.').waitFor();

    const questionAnswer = page.waitForResponse((r) => r.url().endsWith('/api/reflection/generate-question'));
    await evening.getByRole('button', { name: 'Start', exact: true }).click();
    const generated = (await (await questionAnswer).json()) as { question: string; source: string };
    // No coach model offline: the question comes from the bank and is the writing prompt.
    expect(generated.source).toBe('question-bank');
    const reflection = evening.getByLabel(generated.question);
    await reflection.fill('The review went calmly. I asked for help early and the team found the gap in an hour.');
    await evening.getByText("You're doing great.").waitFor();

    // Hold the summary call a moment so its progress line can be seen, as on a slow model.
    await page.route('**/api/reflection/generate-summary', async (route) => {
      await new Promise((r) => setTimeout(r, 1_000));
      await route.continue();
    });
    await evening.getByRole('button', { name: 'Save reflection' }).click();
    await evening.getByText('Generating daily summary...').waitFor();
    await page.getByText('Evening reflection saved — insights will help shape your growth').waitFor();
    await evening.getByText('Generating daily summary...').waitFor({ state: 'detached', timeout: 15_000 });

    const summaryBox = evening.locator('div', { has: page.getByRole('heading', { name: 'Daily summary' }) }).last();
    const summary = await summaryBox.locator('p').innerText();
    expect(summary.length).toBeGreaterThan(20);
    await expect.poll(() => evening.getByText(generated.question).count()).toBe(1);
    await page.screenshot({ path: `${SHOTS}today-evening.png`, fullPage: true });

    // Saved on the server: a reload shows the reflection with its summary, not the Start button.
    await page.reload();
    await evening.getByText(summary).waitFor();
    expect(await evening.getByRole('button', { name: 'Start', exact: true }).count()).toBe(0);
    await context.close();
  });
});

describe('the Wins Vault', () => {
  it('creates, renames, pins, finds and counts a win in the monthly digest', async () => {
    const { context, page } = await openContext(zones.evening.zone);
    await signIn(page);
    await page.goto(`${app.baseUrl}/library/wins-vault`);

    const create = async (text: string, tags: string) => {
      await page.getByRole('button', { name: 'New Win Tile' }).click();
      const dialog = page.getByRole('dialog', { name: 'Describe Your Win' });
      await dialog.getByLabel('What did you achieve?').fill(text);
      await dialog.getByLabel('Tags').fill(tags);
      await dialog.getByRole('button', { name: 'Create' }).click();
      await dialog.waitFor({ state: 'detached' });
    };

    await create('Shipped the onboarding checklist', 'work, launch');
    await page.getByText('Win tile created').first().waitFor();
    await create('Ran five kilometres without stopping', 'health');

    // Rename the first win from its preview.
    await page.getByRole('button', { name: /Shipped the onboarding checklist/ }).click();
    const preview = page.getByRole('complementary', { name: 'Win preview' });
    await preview.getByRole('button', { name: 'Edit' }).click();
    const editor = page.getByRole('dialog', { name: 'Edit Win Tile' });
    const title = editor.getByLabel('Title');
    expect(await title.inputValue()).toBe('Shipped the onboarding checklist');
    await title.fill('Shipped the onboarding checklist to 40 pilots');
    await editor.getByRole('button', { name: 'Update' }).click();
    await editor.waitFor({ state: 'detached' });
    await preview.getByText('Shipped the onboarding checklist to 40 pilots').waitFor();

    await preview.getByRole('button', { name: 'Pin' }).click();
    await preview.getByRole('button', { name: 'Unpin', pressed: true }).waitFor();
    const renamed = page.getByRole('button', { name: /Shipped the onboarding checklist to 40 pilots/ });
    await renamed.getByText('Pinned').waitFor();

    // Search narrows the vault to the matching win.
    await page.getByRole('searchbox', { name: 'Search your wins' }).fill('pilots');
    await expect.poll(() => page.getByRole('button', { name: /Ran five kilometres/ }).count()).toBe(0);
    expect(await renamed.count()).toBe(1);
    await page.screenshot({ path: `${SHOTS}wins-vault.png`, fullPage: true });
    await page.getByRole('searchbox', { name: 'Search your wins' }).fill('');
    await page.getByRole('button', { name: /Ran five kilometres/ }).waitFor();

    // Both wins count towards this month's digest, the renamed one under its new title.
    await page.getByRole('button', { name: 'Review Digest' }).click();
    const digest = page.getByRole('dialog', { name: /digest$/ });
    expect(await digest.getByText('wins this month').isVisible()).toBe(true);
    expect(await digest.getByText('2', { exact: true }).isVisible()).toBe(true);
    await digest.getByText('Shipped the onboarding checklist to 40 pilots').waitFor();
    await page.screenshot({ path: `${SHOTS}wins-digest.png` });

    // The rename and the pin were saved: a reload shows them.
    await page.keyboard.press('Escape');
    await page.reload();
    await page.getByRole('button', { name: /Shipped the onboarding checklist to 40 pilots/ }).getByText('Pinned').waitFor();
    await context.close();
  });
});
