import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGES, setUpPages, type PagesWorld } from './support/a11y-pages.ts';
import { declaredRoutePaths, seriousViolations } from './support/axe.ts';

const SHOTS = new URL('../test-results/e2e/', import.meta.url).pathname;

/** The pages a phone visitor sees most, checked again at 390 px with the navigation drawer open. */
const MOBILE = ['/today', '/c/new', () => `/c/${world.ids.conversation}`, '/fragments', '/settings'];

let world: PagesWorld;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  world = await setUpPages();
});

afterAll(async () => {
  await world?.stop();
});

describe('every signed-in page has no serious or critical WCAG 2.1 AA violation', () => {
  it('maps every route in routes.tsx to a check', () => {
    const unmapped = declaredRoutePaths().filter((path) => !(path in PAGES));
    expect(unmapped, 'routes without an accessibility check: add them to PAGES in support/a11y-pages.ts').toEqual([]);
  });

  const checks = Object.entries(PAGES).flatMap(([route, pages]) => (pages ?? []).filter((check) => check.visitor !== 'guest').map((check) => ({ route, ...check })));
  it.each(checks)('$route as $visitor at 1280 px', async ({ visitor, url }) => {
    const page = world.tabs[visitor];
    await world.settle(page, url());
    expect(await seriousViolations(page), `${url()} as ${visitor}`).toEqual([]);
    if (url() === '/today') await page.screenshot({ path: `${SHOTS}a11y-today-1280.png` });
  });

  it('the main pages at 390 px, with the navigation drawer open', async () => {
    const phone = await world.tabs.member.context().newPage();
    await phone.setViewportSize({ width: 390, height: 844 });
    const found: string[] = [];
    for (const entry of MOBILE) {
      const url = typeof entry === 'string' ? entry : entry();
      await world.settle(phone, url);
      found.push(...(await seriousViolations(phone)).map((line) => `${url}: ${line}`));
    }
    await world.settle(phone, '/today');
    await phone.getByRole('button', { name: 'Open navigation' }).click();
    await phone.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    found.push(...(await seriousViolations(phone)).map((line) => `drawer: ${line}`));
    await phone.screenshot({ path: `${SHOTS}a11y-drawer-390.png` });
    await phone.close();
    expect(found).toEqual([]);
  });
});

// Signed-out pages: sign-in, sign-up, two-factor, password reset, interest forms, a shared
// conversation and the mentor interview. The signed-in checks above map every route.
describe('every signed-out page has no serious or critical WCAG 2.1 AA violation', () => {
  const checks = Object.entries(PAGES).flatMap(([route, pages]) => (pages ?? []).filter((check) => check.visitor === 'guest').map((check) => ({ route, ...check })));
  it.each(checks)('$route at 1280 px', async ({ url }) => {
    await world.settle(world.tabs.guest, url());
    expect(await seriousViolations(world.tabs.guest), url()).toEqual([]);
  });

  it('the sign-in page at 390 px', async () => {
    const phone = await world.tabs.guest.context().newPage();
    await phone.setViewportSize({ width: 390, height: 844 });
    await world.settle(phone, '/login');
    const found = await seriousViolations(phone);
    await phone.screenshot({ path: `${SHOTS}a11y-login-390.png` });
    await phone.close();
    expect(found).toEqual([]);
  });
});
