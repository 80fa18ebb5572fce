import { describe, expect, it } from 'vitest';
import { useAppInBrowser } from './support/app-in-browser.ts';
import { signUpAndSignIn } from './support/member.ts';

const world = useAppInBrowser({ MELD_SIGNUP_CODES: 'PILOT-E2E' }, { width: 390, height: 844 });

/** The not-found page's heading, address and way home, each in view without scrolling. */
async function expectNotFound(path: string): Promise<void> {
  const { app, page } = world();
  await page.goto(`${app.baseUrl}${path}`);
  const heading = page.getByRole('heading', { name: 'Page not found' });
  await heading.waitFor();
  for (const shown of [heading, page.getByText(`Address: ${path}`), page.getByRole('link', { name: 'Take me home' })]) {
    const box = await shown.boundingBox();
    expect(box && box.y >= 0 && box.y + box.height <= page.viewportSize()!.height, path).toBe(true);
  }
  expect(await page.getByText(/No route matches|Refresh the page/).count()).toBe(0);
}

describe('an address with no page', () => {
  it('tells a guest plainly and takes them home to sign in', async () => {
    const { page } = world();
    await expectNotFound('/no/such/page');
    await page.getByRole('link', { name: 'Take me home' }).click();
    await page.waitForURL('**/login');
  });

  it('tells a member inside the app, with a way back and a way home to Today', async () => {
    const { app, page } = world();
    await signUpAndSignIn(page, app.baseUrl, 'PILOT-E2E', 'Lena Ortiz');
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto(`${app.baseUrl}/today`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await expectNotFound('/library/nothing-here');
    await page.getByRole('button', { name: 'Go back' }).click();
    await page.waitForURL('**/today');
    await page.goto(`${app.baseUrl}/library/nothing-here`);
    await page.getByRole('link', { name: 'Take me home' }).click();
    await page.waitForURL('**/today');
  });
});
