import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useAppInBrowser } from './support/app-in-browser.ts';
import { resizeTo } from './support/browser.ts';
import { addDays, kolkataDays, travelTo } from './support/clock.ts';
import { VIEWPORTS } from './support/layout.ts';
import { signUpAndSignIn } from './support/member.ts';
import { captureQuickFragment } from './support/programme.ts';

const SHOTS = new URL('../test-results/e2e/', import.meta.url).pathname;

const { timeZone, dayOne: DAY_ONE, at } = kolkataDays();
const weekdayOf = (date: string) => new Intl.DateTimeFormat('en-GB', { weekday: 'long', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));

const FRAGMENT = 'I realized the best feedback is specific and kind';

// No coach configured: the evening reads the member's own record.
const running = useAppInBrowser({ MELD_SIGNUP_CODES: 'PILOT-E2E', MELD_CLOCK_CONTROL: '1' }, undefined, { timeZone, startAt: at(0, '09:00') });
let page: Page;
beforeAll(() => {
  page = running().page;
});

const evening = () => page.locator('#evening-checkin');

describe('the evening question without a model', () => {
  it('asks about a fragment captured two days before, names it under the question and opens it in a new tab', async () => {
    await signUpAndSignIn(page, running().app.baseUrl, 'PILOT-E2E');
    await captureQuickFragment(page, FRAGMENT);

    await travelTo(running().app, running().context, at(2, '18:00'));
    await page.goto(`${running().app.baseUrl}/today`);
    await evening().getByRole('button', { name: 'Start', exact: true }).click();
    const weekday = weekdayOf(DAY_ONE);
    const question = new RegExp(`^On ${weekday} you noted: “${FRAGMENT}”\\. .+\\?$`);
    const box = evening().getByRole('textbox', { name: question });
    await box.waitFor();
    const source = evening().getByRole('link', { name: `From your fragment on ${weekday} (opens in a new tab)` });
    for (const viewport of VIEWPORTS) {
      await resizeTo(page, viewport);
      await source.scrollIntoViewIfNeeded();
      await evening().screenshot({ path: `${SHOTS}evening-question-source-${viewport.width}x${viewport.height}.png` });
    }
    await resizeTo(page, { width: 1280, height: 900 });

    const [tab] = await Promise.all([running().context.waitForEvent('page'), source.click()]);
    await tab.getByRole('complementary', { name: 'Fragment preview' }).getByText(FRAGMENT).waitFor();
    // The reflection being written stays where it was.
    expect(await box.isVisible()).toBe(true);
    await tab.close();
  });

  it('writes the daily summary from the week, naming the day', async () => {
    await evening().getByRole('textbox').fill('I gave Sam specific feedback. It landed well.');
    await evening().getByRole('button', { name: 'Save reflection' }).click();
    const today = weekdayOf(addDays(DAY_ONE, 2));
    await evening().getByText(`In the week up to ${today} you captured 1 fragment: 1 insight. In the evening you reflected: “I gave Sam specific feedback.”`).waitFor();
    await evening().getByText('Put together from your own entries: check-ins, fragments, wins and reflection').waitFor();
    await page.getByText('Evening reflection saved — insights will help shape your growth').waitFor({ state: 'detached' });
    for (const viewport of [VIEWPORTS[0], VIEWPORTS[3]]) {
      await resizeTo(page, viewport);
      await evening().screenshot({ path: `${SHOTS}evening-summary-from-week-${viewport.width}x${viewport.height}.png` });
    }
  });
});
