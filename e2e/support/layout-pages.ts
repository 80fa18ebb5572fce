import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HISTORY_TITLES, PAGES, setUpPages, type PagesWorld, type Visitor } from './a11y-pages.ts';
import { animationsDone } from './animations.ts';
import { declaredRoutePaths } from './axe.ts';
import { countVisibleInPlace, fixedCovering, horizontalOverflow, layoutScreenshot, notVisibleReasons, quickAddCovering, unreachable, type Viewport } from './layout.ts';

/** What a person comes to a page for: its main heading and its primary actions. */
interface Primary {
  heading: (page: Page) => Locator;
  actions: (page: Page) => Locator[];
  /** The page is a modal dialog over the shell (Settings): the menu is checked once it is closed. */
  modal?: boolean;
}

const h1 = (page: Page) => page.locator('h1');
const button = (name: string) => (page: Page) => [page.getByRole('button', { name, exact: true })];
const link = (name: string) => (page: Page) => [page.getByRole('link', { name, exact: true })];
const composer = (page: Page) => [page.getByRole('textbox', { name: 'Message' }), page.getByRole('button', { name: 'Send message' })];
/** The Admin Panel's selected tab and what that tab is for. */
const adminTab = (action: (page: Page) => Locator[]) => (page: Page) => [page.getByRole('tab', { selected: true }), ...action(page)];

/**
 * Each page's heading and primary actions, keyed by the URL the page checks open (PAGES in
 * support/a11y-pages.ts, with the ids of the world's data replaced by `:id`).
 */
const PRIMARY: Record<string, Primary> = {
  '/welcome': { heading: h1, actions: link('I have an access code') },
  '/login': { heading: h1, actions: button('Sign in') },
  '/login/2fa?tempToken=a11y-check': { heading: h1, actions: button('Verify') },
  // Without a pending sign-in the page only leads back.
  '/login/2fa': { heading: h1, actions: link('Back to sign in') },
  '/register': { heading: h1, actions: button('Continue') },
  '/forgot-password': { heading: h1, actions: button('Send reset link') },
  '/reset-password?token=a11y-check&userId=a11y-check': { heading: h1, actions: button('Reset password') },
  '/users/signup': { heading: h1, actions: button('Submit') },
  '/mentors/signup': { heading: h1, actions: button('Submit') },
  // A made-up token: the page says it failed and leads back.
  '/verify?token=a11y-check&email=a11y%40example.com': { heading: h1, actions: link('Back to sign in') },
  // Actions show on hover and focus, and always on the last message (issue 25).
  '/share/:id': { heading: h1, actions: (page) => [page.getByRole('button', { name: 'Copy' }).last()] },
  '/mentor-interview/:id/start': { heading: h1, actions: link("I'm ready") },
  '/mentor-interview/:id/question/1': { heading: h1, actions: (page) => [page.getByRole('textbox'), ...button('Approve and continue')(page)] },
  // An interview with no answers has no summary: the page shows why, and its way to retry, as its heading and action.
  '/mentor-interview/:id/complete': { heading: (page) => page.getByRole('alert'), actions: button('Try Again') },
  // Before 3 PM an empty day opens on the compass's sliders; from then on, the compass offers to be set late.
  '/today': { heading: h1, actions: (page) => [page.getByRole('button', { name: 'Save & Begin Entry', exact: true }).or(page.getByRole('button', { name: 'Set your compass now', exact: true }))] },
  '/log': { heading: h1, actions: (page) => [...button('Search')(page), ...button('Export')(page)] },
  '/library/wins-vault': { heading: h1, actions: (page) => [page.getByRole('button', { name: 'New Win Tile' }).first()] },
  // The map's h1 is for screen readers; with too little recorded yet, the page's visible heading says so.
  '/library/north-star': { heading: (page) => page.getByRole('heading', { name: 'Not enough to go on yet' }), actions: link('Go to Today') },
  '/fragments': { heading: h1, actions: (page) => [page.getByRole('button', { name: /^Quick Fragment/ })] },
  // No coach model answers here: the page offers a reflection and fragments instead.
  '/chats': { heading: h1, actions: (page) => [...link('Write a reflection')(page), ...link('Open fragments')(page)] },
  '/mentor/feed': { heading: h1, actions: link('Go to Today') },
  '/settings': { heading: (page) => page.getByRole('dialog').getByRole('heading', { name: 'Settings' }), actions: (page) => [page.getByRole('tab', { selected: true })], modal: true },
  '/c/new': { heading: h1, actions: composer },
  '/c/:id': { heading: h1, actions: composer },
  // Search is off on this server: the page shows the query with no results.
  '/search?q=delegation': { heading: h1, actions: () => [] },
  '/me': { heading: h1, actions: link('Open Settings') },
  '/me?tab=platformUsers': { heading: h1, actions: adminTab((page) => [page.getByRole('searchbox', { name: 'Search users' }).or(page.getByRole('textbox', { name: 'Search users' }))]) },
  '/me?tab=userInterest': { heading: h1, actions: adminTab(() => []) },
  '/me?tab=mentorSignups': { heading: h1, actions: adminTab(button('New link')) },
  '/me?tab=interviewAnswers': { heading: h1, actions: adminTab(button('Export CSV')) },
  '/me?tab=accessCodes': { heading: h1, actions: adminTab(button('Create code')) },
  '/me?tab=banners': { heading: h1, actions: adminTab(button('New banner')) },
  '/me?tab=roles': { heading: h1, actions: adminTab((page) => [page.getByRole('switch', { name: 'Admins: Prompts: Use' })]) },
  '/prompts': { heading: h1, actions: link('New prompt') },
  // On a phone the list (and its h1) gives way to the open prompt, whose name heads the page.
  '/prompts/:id': { heading: (page) => page.getByRole('heading', { name: 'Team summary' }), actions: button('Save details') },
  '/agents': { heading: h1, actions: link('New agent') },
  '/agents/:id': { heading: (page) => page.getByRole('heading', { name: 'Planning partner' }), actions: button('Save changes') },
};

/** The programme's pages (spec 002): at their end, the floating quick-add button covers nothing, and toasts rise above it. */
const PROGRAMME = new Set(['/today', '/log', '/fragments', '/library/wins-vault', '/library/north-star', '/mentor/feed']);

/** The URL with the world's generated ids replaced by `:id`, as PRIMARY is keyed. */
function pageKey(url: string, world: PagesWorld): string {
  return Object.values(world.ids).reduce((key, id) => (id ? key.replaceAll(id, ':id') : key), url);
}

/** Every page check, as the layout suite runs it. */
const CHECKS = Object.entries(PAGES).flatMap(([route, pages]) => (pages ?? []).map((check) => ({ route, ...check })));

/** The menu's items, as `web/src/features/shell/lib/nav-items.ts` lists them: each path, and whether a gate may hide it. */
function declaredNavItems(): { path: string; gated: boolean }[] {
  const source = readFileSync(resolve(import.meta.dirname, '../../web/src/features/shell/lib/nav-items.ts'), 'utf8');
  return [...source.matchAll(/path: '([^']+)', available: true(, gate:)?/g)].map((match) => ({ path: match[1]!, gated: match[2] !== undefined }));
}

/** The sidebar's conversation history, named unlike any menu item (the coach's page is "Coach"). */
const HISTORY = 'Chats';
/** Conversation rows that must show without scrolling anything (issue 25): on a laptop or larger, and in a phone's drawer. */
const MIN_ROWS = { wide: 10, phone: 8 };

const isPhone = (viewport: Viewport) => viewport.width < 768;

/** Opens the phone's drawer (a no-op on wider screens, where the sidebar is docked); the reasons it could not, if any. */
async function openDrawer(page: Page, viewport: Viewport): Promise<string[]> {
  if (!isPhone(viewport)) return [];
  const open = page.getByRole('button', { name: 'Open navigation' });
  const hidden = await notVisibleReasons(open, { scroll: false });
  if (hidden.length > 0) return hidden.map((reason) => `the menu's button ${reason}`);
  await open.click();
  return [];
}

async function closeDrawer(page: Page, viewport: Viewport): Promise<void> {
  if (!isPhone(viewport)) return;
  await page.keyboard.press('Escape');
  await page.getByRole('navigation', { name: 'Main navigation' }).waitFor({ state: 'hidden' });
}

/**
 * The history's rows a person sees without scrolling anything. The list is virtualised and
 * measures itself once shown (the drawer has just opened): wait a little for enough rows.
 */
async function rowsInView(page: Page, wanted: number): Promise<number> {
  const rows = page.getByRole('region', { name: HISTORY }).locator('a[href^="/c/"]');
  let seen = 0;
  for (const deadline = Date.now() + 3_000; Date.now() < deadline; await page.waitForTimeout(100)) {
    seen = await countVisibleInPlace(rows);
    if (seen >= wanted) break;
  }
  return seen;
}

/**
 * The signed-in shell's sidebar (on a phone, once its drawer is opened): every menu item shown
 * without scrolling the menu, so each destination is one click away; no item named like the
 * history; and, for the member, whose world has 13 conversations, at least 10 history rows in view
 * at laptop sizes and 8 in the drawer.
 */
async function navigationProblems(page: Page, viewport: Viewport, visitor: Visitor): Promise<string[]> {
  const phone = isPhone(viewport);
  const drawer = await openDrawer(page, viewport);
  if (drawer.length > 0) return drawer;
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.waitFor();
  // The drawer slides in: its items are where they stay once its animation has finished.
  await page.evaluate(animationsDone);
  const found: string[] = [];
  const items = declaredNavItems();
  if (items.length < 8) found.push(`nav-items.ts lists ${items.length} items: the pattern reading it no longer matches`);
  const links = nav.locator('a[href]');
  const shown = await links.evaluateAll((elements) => elements.map((link) => link.getAttribute('href')));
  // Items behind a gate (prompts, agents) show only when it is open; the others always.
  for (const item of items) if (!item.gated && !shown.includes(item.path)) found.push(`menu item ${item.path} is not in the menu`);
  found.push(...(await unreachable(nav.locator('a[href], button'))).map((line) => `menu item ${line}`));
  const inPlace = await countVisibleInPlace(links);
  if (inPlace < shown.length) found.push(`only ${inPlace} of the menu's ${shown.length} items show without scrolling it: each destination must be one click away`);
  const names = await links.evaluateAll((elements) => elements.map((link) => link.textContent?.trim().toLowerCase() ?? ''));
  if (names.includes(HISTORY.toLowerCase())) found.push(`a menu item is named "${HISTORY}", as the conversation history is`);
  if (visitor === 'member') {
    const wanted = phone ? MIN_ROWS.phone : MIN_ROWS.wide;
    const rows = await rowsInView(page, wanted);
    if (rows < wanted) found.push(`the history shows ${rows} conversation rows without scrolling; at least ${wanted} should show`);
  }
  await closeDrawer(page, viewport);
  return found;
}

/**
 * Renames a conversation inline from its row's menu, as a person would in the sidebar (on a phone,
 * in the drawer): the title field shows whole and tall enough to read, and what is typed is saved.
 * Each viewport renames the same conversation to a title of its own.
 */
async function renameProblems(page: Page, viewport: Viewport): Promise<string[]> {
  const drawer = await openDrawer(page, viewport);
  if (drawer.length > 0) return drawer;
  await page.evaluate(animationsDone);
  const history = page.getByRole('region', { name: HISTORY });
  const row = history.getByRole('link', { name: new RegExp(`^${HISTORY_TITLES[0]}`) });
  const found = (await notVisibleReasons(row)).map((reason) => `the row ${reason}`);
  if (found.length > 0) return found;
  const title = (await row.textContent())?.trim() ?? '';
  await row.hover();
  await history.getByRole('button', { name: `Options for ${title}` }).click();
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  const field = history.getByRole('textbox', { name: 'Conversation title' });
  found.push(...(await notVisibleReasons(field)).map((reason) => `the rename field ${reason}`));
  const height = (await field.boundingBox())?.height ?? 0;
  if (height < 24) found.push(`the rename field is ${Math.round(height)} px tall: too short to read what is typed`);
  const renamed = `${HISTORY_TITLES[0]} (${viewport.width} px)`;
  await field.fill(renamed);
  await field.press('Enter');
  await history.getByRole('link', { name: renamed, exact: true }).waitFor({ timeout: 5_000 }).catch(() => found.push(`the row does not show the title typed, "${renamed}"`));
  // Back where it was, so the page checks that follow count rows from the top of the list.
  await history.evaluate((section) => section.querySelectorAll('*').forEach((element) => element.scrollTo({ top: 0 })));
  await closeDrawer(page, viewport);
  return found;
}

/** Any other menu on the page (a landing page's links, a jump bar): each of its items reachable. */
async function otherNavProblems(page: Page): Promise<string[]> {
  const found: string[] = [];
  for (const nav of await page.locator('nav:not([aria-label="Main navigation"]):visible').all()) {
    const label = await nav.getAttribute('aria-label');
    found.push(...(await unreachable(nav.locator('a[href], button'))).map((line) => `${label} item ${line}`));
  }
  return found;
}

/**
 * The layout suite at the given viewports, over every page PAGES maps (so every route of
 * routes.tsx): the page's main heading visible where the page opens, its primary actions visible
 * once scrolled to, every menu item one click away and the sidebar's history rows in view (see
 * navigationProblems), nothing wider than the viewport and no fixed element covering a control;
 * and at each viewport, the sidebar's inline rename. A screenshot of each page at each width goes to test-results/e2e/layout/.
 */
export function describeLayout(viewports: readonly Viewport[]): void {
  let world: PagesWorld;

  beforeAll(async () => {
    world = await setUpPages();
  });

  afterAll(async () => {
    await world?.stop();
  });

  it('maps every route in routes.tsx to a page check', () => {
    expect(declaredRoutePaths().filter((path) => !(path in PAGES)), 'routes without a page check: add them to PAGES in support/a11y-pages.ts').toEqual([]);
  });

  it('knows the heading and primary actions of every page', () => {
    const unknown = CHECKS.map((check) => pageKey(check.url(), world)).filter((key) => !(key in PRIMARY));
    expect(unknown, 'pages without a heading and primary actions: add them to PRIMARY in support/layout-pages.ts').toEqual([]);
  });

  for (const viewport of viewports) {
    describe(`at ${viewport.width}×${viewport.height}`, () => {
      it.each(CHECKS)('$route ($visitor)', async ({ visitor, url }) => {
        // One tab per visitor, sized before the page loads: the page opens at this size.
        const page = world.tabs[visitor];
        await page.setViewportSize(viewport);
        const key = pageKey(url(), world);
        const primary = PRIMARY[key]!;
        await world.settle(page, url(), primary.heading(page));
        await layoutScreenshot(page, `${key.replace(/^\//, '')}`);
        const problems = [
          ...(await notVisibleReasons(primary.heading(page), { scroll: false })).map((reason) => `heading ${reason}`),
          ...(await horizontalOverflow(page)).map((line) => `overflow: ${line}`),
          ...(await fixedCovering(page)).map((line) => `covered: ${line}`),
          ...(PROGRAMME.has(key) ? await quickAddCovering(page) : []),
        ];
        for (const action of primary.actions(page)) {
          problems.push(...(await notVisibleReasons(action)).map((reason) => `action ${action} ${reason}`));
        }
        if (primary.modal) {
          await page.keyboard.press('Escape');
          await page.getByRole('dialog').waitFor({ state: 'detached' });
        }
        if (visitor !== 'guest') problems.push(...(await navigationProblems(page, viewport, visitor)));
        problems.push(...(await otherNavProblems(page)));
        expect(problems, `${url()} at ${viewport.width}×${viewport.height}`).toEqual([]);
      });

      it('the sidebar renames a conversation inline, its field in full view', async () => {
        const page = world.tabs.member;
        await page.setViewportSize(viewport);
        await world.settle(page, '/c/new', page.locator('h1'));
        expect(await renameProblems(page, viewport), `rename at ${viewport.width}×${viewport.height}`).toEqual([]);
      });
    });
  }
}
