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
import { signUpAndSignIn } from './support/member.ts';

const SHOTS = new URL('../test-results/e2e/', import.meta.url).pathname;

/** The member lives in Kolkata (UTC+5:30 all year, so no daylight-saving change can shift a day). */
const ZONE = 'Asia/Kolkata';
const ZONE_OFFSET_MINUTES = 330;

/** Three consecutive days a little ahead of the real date, so every "today" is simulated. */
const realToday = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date());
const DAY_ONE = addDays(realToday, 3);
const at = (dayOffset: number, time: string) => localInstant(addDays(DAY_ONE, dayOffset), time, ZONE_OFFSET_MINUTES);

/** The coach the app is configured with: an OpenAI-compatible fake that answers question and summary prompts apart. */
const COACH_QUESTION = 'What helped or got in the way of finishing the onboarding draft before lunch today?';
const COACH_SUMMARY = 'You began the day in a wonderful mood with steady focus on the onboarding draft, and the review went calmly. Keep asking for help early.';

function coachReply(body: unknown): string[] {
  const { messages } = body as { messages: Array<{ content: string }> };
  const text = COACH_ASKS_QUESTION(messages[0]?.content ?? '') ? COACH_QUESTION : COACH_SUMMARY;
  return text.split(/(?= )/);
}
const COACH_ASKS_QUESTION = (system: string) => system.includes('one open question');

let app: RunningApp;
let coach: FakeServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  coach = await startFakeOpenAI({ reply: coachReply, intervalMs: 5 });
  const configFile = join(tmpdir(), `meld-e2e-today-${process.pid}.json`);
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
  await context.clock.install({ time: at(0, '08:30') });
  await travelTo(app, context, at(0, '08:30'));
  page = await context.newPage();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await coach?.close();
});

/** Moves the server and the browser to `time` on day `dayOffset` and opens Today afresh. */
async function openTodayAt(dayOffset: number, time: string): Promise<void> {
  await travelTo(app, context, at(dayOffset, time));
  await page.goto(`${app.baseUrl}/today`);
}

/** Moves a 0-100 slider by keyboard, as a person does: each arrow is one step of 5. */
async function nudge(name: string, key: 'ArrowLeft' | 'ArrowRight', times: number) {
  const slider = page.getByRole('slider', { name });
  await slider.focus();
  for (let i = 0; i < times; i++) await slider.press(key);
}

const compass = () => page.locator('#daily-compass');
const evening = () => page.locator('#evening-checkin');

/** Saves this morning's compass at the default sliders with a note. */
async function saveCompass(note: string): Promise<void> {
  await compass().getByRole('button', { name: 'Save & Begin Entry' }).click();
  await compass().getByLabel("What's on your mind this morning?").fill(note);
  await compass().getByRole('button', { name: 'Save & Close' }).click();
  // The journal closes once the save is done. Until then the note's own text box matches its text
  // (React keeps a textarea's text as its value), and moving on would cancel the save.
  await compass().getByRole('textbox').waitFor({ state: 'detached' });
  await compass().getByText(note).waitFor();
}

describe('three days on the Today screen, on a simulated clock', () => {
  it('day one, 8:30: sets the morning compass and keeps the evening check-in locked until 3 PM', async () => {
    await signUpAndSignIn(page, app.baseUrl, 'PILOT-E2E', 'Ama Owusu');

    // This morning's compass is empty, so it opens on the sliders: mood 70 -> 85, energy 60 -> 40.
    await nudge('Mood', 'ArrowRight', 3);
    await nudge('Energy', 'ArrowLeft', 4);
    expect(await page.getByRole('slider', { name: 'Mood' }).getAttribute('aria-valuetext')).toBe('Wonderful, 85');
    await saveCompass('Finish the onboarding draft before lunch.');
    expect(await compass().locator('dl').innerText()).toMatch(/Mood\s+Wonderful\s+85[\s\S]*Energy\s+Focused\s+40/i);
    await evening().getByText('Opens after 3 PM today.').waitFor();
    expect(await evening().getByRole('button', { name: 'Start', exact: true }).count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}today-morning.png`, fullPage: true });

    // A reload reads the same day back from the server.
    await page.reload();
    await compass().getByText('Finish the onboarding draft before lunch.').waitFor();
  });

  it("day one, 18:00: asks the coach's question, saves the reflection and shows the daily summary", async () => {
    await openTodayAt(0, '18:00');
    await compass().getByText('Finish the onboarding draft before lunch.').waitFor();

    const questionAnswer = page.waitForResponse((r) => r.url().endsWith('/api/reflection/generate-question'));
    await evening().getByRole('button', { name: 'Start', exact: true }).click();
    expect(((await (await questionAnswer).json()) as { source: string }).source).toBe('model');
    // The coach's question is the writing prompt, and the coach was asked about this very day.
    const reflection = evening().getByLabel(COACH_QUESTION);
    const asked = coach.requests.find((r) => COACH_ASKS_QUESTION(JSON.stringify(r.body)));
    expect(JSON.stringify(asked?.body)).toMatch(/mood 85\/100; energy 40\/100; intention note: \\"Finish the onboarding draft before lunch.\\"/);

    await reflection.fill('The review went calmly. I asked for help early and the team found the gap in an hour.');
    await evening().getByText("You're doing great.").waitFor();
    // Hold the summary call a moment so its progress line can be seen, as on a slow model.
    await page.route('**/api/reflection/generate-summary', async (route) => {
      await new Promise((r) => setTimeout(r, 1_000));
      await route.continue();
    });
    await evening().getByRole('button', { name: 'Save reflection' }).click();
    await evening().getByText('Generating daily summary...').waitFor();
    await page.getByText('Evening reflection saved — insights will help shape your growth').waitFor();
    await evening().getByText(COACH_SUMMARY).waitFor({ timeout: 15_000 });
    await page.unroute('**/api/reflection/generate-summary');
    await expect.poll(() => evening().getByText(COACH_QUESTION).count()).toBe(1);
    await page.screenshot({ path: `${SHOTS}today-evening.png`, fullPage: true });

    // Saved on the server: a reload shows the reflection with its summary, not the Start button.
    await page.reload();
    await evening().getByText(COACH_SUMMARY).waitFor();
    expect(await evening().getByRole('button', { name: 'Start', exact: true }).count()).toBe(0);
  });

  it('days two and three: the third consecutive morning compass shows the streak badge', async () => {
    await openTodayAt(1, '07:45');
    await saveCompass('Prepare the pilot check-in call.');
    // Two days are not a streak yet.
    expect(await compass().getByText(/-day streak/).count()).toBe(0);

    await openTodayAt(2, '08:10');
    await saveCompass('Write the mentor brief.');
    await compass().getByText('3-day streak').waitFor();
    await page.screenshot({ path: `${SHOTS}today-streak.png`, fullPage: true });

    // Yesterday is read-only history now: its note shows, with no way to edit it.
    await page.getByRole('button', { name: 'Previous day' }).click();
    await compass().getByText('Prepare the pilot check-in call.').waitFor();
    expect(await compass().getByRole('button', { name: 'Edit' }).count()).toBe(0);
  });
});

describe('the Wins Vault', () => {
  it('creates, renames, pins, finds and counts a win in the monthly digest', async () => {
    await travelTo(app, context, at(2, '19:00'));
    await page.goto(`${app.baseUrl}/library/wins-vault`);

    const create = async (text: string, tags: string, emoji: string) => {
      // Beside the mentor feed panel the page is narrow enough to show its header's shortcut too: either opens the dialog.
      await page.getByRole('button', { name: 'New Win Tile' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Describe Your Win' });
      await dialog.getByLabel('What did you achieve?').fill(text);
      await dialog.getByLabel('Tags').fill(tags);
      await dialog.getByLabel('Emoji').fill(emoji);
      await dialog.getByRole('button', { name: 'Create' }).click();
      await dialog.waitFor({ state: 'detached' });
    };

    // A star every machine's fonts draw, and a private-use character none does (as an emoji is on a machine without an emoji font).
    const undrawable = '\u{10FFFD}';
    await create('Shipped the onboarding checklist', 'work, launch', '★');
    await page.getByText('Win tile created').first().waitFor();
    await create('Ran five kilometres without stopping', 'health', undrawable);

    // The member's symbol shows where it can be drawn; elsewhere the drawn target icon stands in, never an empty box.
    const shipped = page.getByRole('button', { name: /Shipped the onboarding checklist/ });
    const ran = page.getByRole('button', { name: /Ran five kilometres/ });
    expect(await shipped.textContent()).toContain('★');
    expect(await shipped.locator('svg').count()).toBe(0);
    expect(await ran.textContent()).not.toContain(undrawable);
    expect(await ran.locator('svg').count()).toBe(1);

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
  });
});
