import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGES, setUpPages, type PagesWorld } from './support/a11y-pages.ts';
import { seriousViolations } from './support/axe.ts';

const SHOTS = new URL('../test-results/e2e/', import.meta.url).pathname;

let world: PagesWorld;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  world = await setUpPages();
});

afterAll(async () => {
  await world?.stop();
});

// Signed-out pages: sign-in, sign-up, two-factor, password reset, interest forms, a shared
// conversation and the mentor interview. accessibility-pages checks that every route is mapped.
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
