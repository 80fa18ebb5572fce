import { mkdirSync, readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from './support/app.ts';
import { launchBrowser, resizeTo, type Browser } from './support/browser.ts';
import { horizontalOverflow, notVisibleReasons } from './support/layout.ts';
import { signIn } from './support/member.ts';

const SHOTS = new URL('../test-results/e2e/', import.meta.url).pathname;
const ADMIN = { email: 'admin.panel@example.com', password: 'careful-admin-pass-1' };
const SIGNUP_CODE = 'PILOT-ADMIN-E2E';
const stamp = Date.now();
const OCTAVIA = { name: 'Octavia Butler', email: `octavia.${stamp}@example.com` };
const NEW_CODE = `SPRING-${stamp.toString(36).toUpperCase().slice(-6)}`;

let app: RunningApp;
let browser: Browser;
let adminContext: BrowserContext;
let admin: Page;

async function post(path: string, body: unknown): Promise<Response> {
  const response = await fetch(`${app.baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (response.status >= 300) throw new Error(`${path} failed: ${response.status} ${await response.text()}`);
  return response;
}

async function registerThroughApi(name: string, email: string) {
  await post('/api/auth/register', {
    name,
    email,
    password: 'quiet-strength-1',
    confirm_password: 'quiet-strength-1',
    signup_code: SIGNUP_CODE,
    whyHere: 'goal',
    lifeArena: 'career',
    identitySegment: 'corporate',
    currentBlock: 'time',
  });
}

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  app = await startApp({ MELD_SIGNUP_CODES: SIGNUP_CODE, MELD_ADMIN_EMAIL: ADMIN.email, MELD_ADMIN_PASSWORD: ADMIN.password });
  await registerThroughApi(OCTAVIA.name, OCTAVIA.email);
  await registerThroughApi('Toni Morrison', `toni.${stamp}@example.com`);
  await registerThroughApi('Zora Hurston', `zora.${stamp}@example.com`);
  await post('/api/user-interest', {
    name: 'Ada Lovelace',
    email: `ada.${stamp}@example.com`,
    currentSituation: 'Currently working',
    jobTitle: 'Analyst',
    company: 'Analytical Engines',
    referralSource: 'A friend',
    motivation: 'Find the next chapter of my career with people who have walked it.',
  });
  await post('/api/mentor-interest', { firstName: 'Grace', lastName: 'Hopper', email: `grace.${stamp}@example.com`, jobTitle: 'Rear Admiral', company: 'US Navy' });
  browser = await launchBrowser();
  adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  admin = await adminContext.newPage();
  await signIn(admin, app.baseUrl, ADMIN);
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const usersTable = () => admin.getByRole('table', { name: 'Platform users' });

describe('the admin panel', () => {
  it('finds a member by search and makes her a mentor', async () => {
    await admin.goto(`${app.baseUrl}/me`);
    await admin.getByRole('heading', { name: 'Admin Panel' }).waitFor();
    await admin.getByRole('tab', { name: 'Platform Users', selected: true }).waitFor();
    await usersTable().getByRole('row', { name: /Toni Morrison/ }).waitFor();

    await admin.getByRole('searchbox', { name: 'Search users' }).or(admin.getByRole('textbox', { name: 'Search users' })).fill('octavia');
    await admin.waitForFunction(() => !document.body.innerText.includes('Toni Morrison'));
    const row = usersTable().getByRole('row', { name: /Octavia Butler/ });
    await row.waitFor();
    expect(await usersTable().getByRole('row', { name: /Zora Hurston/ }).count()).toBe(0);

    await row.getByRole('button', { name: 'Change the role of Octavia Butler' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Change role' });
    const save = dialog.getByRole('button', { name: 'Save' });
    expect(await save.isDisabled()).toBe(true);
    await dialog.getByLabel('New role').selectOption('MENTOR');
    await save.click();
    await admin.getByText(/User role updated to/).waitFor();
    await row.getByText('Mentor', { exact: true }).waitFor();
    await admin.screenshot({ path: `${SHOTS}admin-platform-users.png` });
  });

  it('exports the users to a CSV file that reads back', async () => {
    await admin.getByRole('textbox', { name: 'Search users' }).or(admin.getByRole('searchbox', { name: 'Search users' })).fill('');
    await usersTable().getByRole('row', { name: /Zora Hurston/ }).waitFor();
    const [download] = await Promise.all([admin.waitForEvent('download'), admin.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^platform-users-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '');
    const lines = csv.trim().split(/\r\n/);
    expect(lines[0]).toBe('Name,Email,Role,Created Date,Last Login');
    expect(lines.find((line) => line.startsWith('Octavia Butler,'))).toContain(`${OCTAVIA.email},MENTOR,`);
    expect(lines.find((line) => line.startsWith('Administrator,'))).toContain(`${ADMIN.email},ADMIN,`);
    // The header, three members and the admin.
    expect(lines).toHaveLength(5);
  });

  it('shows the sign-ups table’s actions on a 1366×768 screen without scrolling sideways', async () => {
    await resizeTo(admin, { width: 1366, height: 768 });
    await admin.goto(`${app.baseUrl}/me?tab=userInterest`);
    const table = admin.getByRole('region', { name: 'User interest sign-ups' });
    const row = table.getByRole('row', { name: /Ada Lovelace/ });
    await row.waitFor();
    const card = (await table.boundingBox())!;
    for (const action of [row.getByRole('button', { name: 'Mark Ada Lovelace subscribed' }), row.getByRole('button', { name: 'Delete the sign-up of Ada Lovelace' })]) {
      const box = (await action.boundingBox())!;
      // Inside the table's card (which scrolls sideways) and the screen, where the page opens.
      expect(box.x).toBeGreaterThanOrEqual(card.x);
      expect(box.x + box.width).toBeLessThanOrEqual(Math.min(card.x + card.width, 1366));
      expect(box.y + box.height).toBeLessThanOrEqual(768);
      expect(await notVisibleReasons(action, { scroll: false })).toEqual([]);
    }
    expect(await table.evaluate((element) => element.scrollLeft)).toBe(0);
    await admin.screenshot({ path: `${SHOTS}admin-user-interest-1366.png` });
  });

  it('marks a waitlist sign-up subscribed after asking, once and for good', async () => {
    await admin.getByRole('tab', { name: 'User Interest Signups' }).click();
    const row = admin.getByRole('row', { name: /Ada Lovelace/ });
    await row.getByText('Not Confirmed').waitFor();
    await row.getByRole('button', { name: 'Mark Ada Lovelace subscribed' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Mark Ada Lovelace subscribed?' });
    await dialog.getByText(`ada.${stamp}@example.com`, { exact: false }).waitFor();
    await admin.screenshot({ path: `${SHOTS}admin-mark-subscribed-1366.png` });
    // Cancel leaves the sign-up as it was.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await row.getByText('Not Confirmed').waitFor();
    await row.getByRole('button', { name: 'Mark Ada Lovelace subscribed' }).click();
    await dialog.getByRole('button', { name: 'Mark subscribed' }).click();
    await row.getByText('Subscribed', { exact: true }).waitFor();
    await admin.reload();
    await admin.getByRole('row', { name: /Ada Lovelace/ }).getByText('Subscribed', { exact: true }).waitFor();
    expect(await admin.getByRole('button', { name: 'Mark Ada Lovelace subscribed' }).count()).toBe(0);
  });

  it('generates a mentor’s interview link and opens it in a new tab', async () => {
    await admin.getByRole('tab', { name: 'Mentor Signups' }).click();
    await admin.getByRole('row', { name: /Grace Hopper/ }).getByRole('button', { name: 'Generate link' }).click();
    const link = await admin.getByRole('textbox', { name: 'Interview link' }).inputValue();
    expect(link).toMatch(/\/mentor-interview\/[\w-]{64}\/start$/);
    const [mentorTab] = await Promise.all([adminContext.waitForEvent('page'), admin.getByRole('link', { name: 'Open in a new tab' }).click()]);
    await mentorTab.getByRole('heading', { name: 'Welcome, Grace' }).waitFor();
    expect(mentorTab.url()).toBe(link);
    await mentorTab.close();
    await admin.getByRole('button', { name: 'Done' }).click();
    await admin.getByRole('row', { name: /Grace Hopper/ }).getByText(link.split('/').at(-2)!.slice(0, 8)).waitFor();
  });

  it('creates a one-use access code that a new visitor registers with', async () => {
    await admin.getByRole('tab', { name: 'Access Codes' }).click();
    await admin.getByLabel(/^Code/).fill(NEW_CODE.toLowerCase());
    await admin.getByLabel(/^Usage cap/).fill('1');
    await admin.getByRole('button', { name: 'Create code' }).click();
    await admin.getByRole('status', { name: 'Code created' }).getByText(NEW_CODE).waitFor();
    await admin.screenshot({ path: `${SHOTS}admin-access-codes.png` });

    const visitorContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const visitor = await visitorContext.newPage();
    await visitor.goto(`${app.baseUrl}/welcome`);
    await visitor.getByLabel('Pilot access code').fill(NEW_CODE);
    await visitor.getByRole('button', { name: 'Continue' }).click();
    await visitor.waitForURL('**/register');
    await registerThroughWizard(visitor);
    await visitor.waitForURL('**/today?tour=checkin');
    await visitorContext.close();

    await admin.reload();
    const codeRow = admin.getByRole('row', { name: new RegExp(NEW_CODE) });
    await codeRow.getByText('1 / 1').waitFor();
    await codeRow.getByText('Used up').waitFor();
  });

  it('lays every tab out at 1366×768 and on a phone, without the page scrolling sideways', async () => {
    for (const viewport of [{ width: 1366, height: 768 }, { width: 390, height: 844 }]) {
      await resizeTo(admin, viewport);
      for (const tab of ['platformUsers', 'userInterest', 'mentorSignups', 'interviewAnswers']) {
        await admin.goto(`${app.baseUrl}/me?tab=${tab}`);
        await admin.getByRole('tabpanel').getByRole('region').or(admin.getByRole('tabpanel').getByText(/^No /)).first().waitFor();
        expect(await horizontalOverflow(admin)).toEqual([]);
        await admin.screenshot({ path: `${SHOTS}admin-${tab}-${viewport.width}.png` });
      }
    }
  });
});

/** The seven steps of the registration wizard, with the least a visitor must give. */
async function registerThroughWizard(page: Page) {
  const next = () => page.getByRole('button', { name: 'Continue' }).click();
  await page.getByText('Step 1 of 7').waitFor();
  await page.getByLabel('Your name').fill('Mae Jemison');
  await next();
  await page.getByText('Step 2 of 7').waitFor();
  await page.getByLabel('City').fill('Decatur');
  await page.getByRole('combobox', { name: /State/ }).fill('alab');
  await page.getByRole('option', { name: 'Alabama' }).click();
  await page.getByLabel('Birthday').fill('1990-10-17');
  await next();
  await page.getByText('Step 3 of 7').waitFor();
  await page.getByLabel('Email').fill(`mae.${stamp}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill('endeavour-flight-1');
  await page.getByLabel('Confirm password').fill('endeavour-flight-1');
  await next();
  await page.getByText('Step 4 of 7').waitFor();
  await page.getByText('Reach a specific goal').click();
  await next();
  await page.getByText('Step 5 of 7').waitFor();
  await page.getByText('Something else').click();
  await page.getByRole('textbox', { name: 'In your own words' }).fill('Space medicine');
  await next();
  await page.getByText('Step 6 of 7').waitFor();
  await page.getByText('In STEM').click();
  await next();
  await page.getByText('Step 7 of 7').waitFor();
  await page.getByText('Time', { exact: true }).click();
  await page.getByRole('button', { name: 'Create my account' }).click();
}
