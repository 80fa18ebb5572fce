import { mkdirSync, readFileSync } from 'node:fs';
import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from './support/app.ts';
import { launchBrowser, type Browser } from './support/browser.ts';
import { signUpAndSignIn, type Member } from './support/member.ts';

const SHOTS = new URL('../test-results/e2e/', import.meta.url).pathname;
const SETUP_TITLE = 'Two-factor setup';

let app: RunningApp;
let browser: Browser;
/** How far the server's clock (MELD_CLOCK_CONTROL) is ahead: moved on so a new code is of a step not used yet. */
let clockOffsetMs = 0;
const tempTokens: string[] = [];

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  app = await startApp({ MELD_SIGNUP_CODES: 'PILOT-E2E', MELD_CLOCK_CONTROL: '1' });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

async function moveServerClock(minutes: number): Promise<void> {
  clockOffsetMs += minutes * 60_000;
  const response = await fetch(`${app.baseUrl}/__local/clock`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ now: new Date(Date.now() + clockOffsetMs).toISOString() }),
  });
  if (!response.ok) throw new Error(`The server clock did not move: ${response.status}`);
}

/** What the member's authenticator app shows at the server's time. */
function appCode(secret: string): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
  return totp.generate({ timestamp: Date.now() + clockOffsetMs });
}

async function openAccountSettings(page: Page, member: Member) {
  await page.getByRole('button', { name: `Account menu for ${member.name}` }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await page.getByRole('tab', { name: 'Account' }).click();
  await page.getByText('Two-factor authentication', { exact: true }).waitFor();
}

async function typeCode(page: Page, code: string) {
  await page.getByRole('textbox', { name: 'Digit 1 of 6' }).click();
  await page.keyboard.type(code);
}

async function signOut(page: Page, member: Member) {
  if (!new URL(page.url()).pathname.startsWith('/today')) await page.goto(`${app.baseUrl}/today`);
  // On a phone the account menu sits in the navigation drawer.
  if ((page.viewportSize()?.width ?? 1280) < 768) await page.getByRole('button', { name: 'Open navigation' }).click();
  await page.getByRole('button', { name: `Account menu for ${member.name}` }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.waitForURL('**/login');
}

/** The password step; with two-factor on it lands on /login/2fa. */
async function passwordStep(page: Page, member: Member) {
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL('**/login/2fa?tempToken=*');
  tempTokens.push(new URL(page.url()).searchParams.get('tempToken')!);
  await page.getByRole('heading', { name: 'Verify your identity' }).waitFor();
}

describe('two-factor sign-in', () => {
  let member: Member;
  let secret = '';
  let backupCodes: string[] = [];

  it('is turned on in Settings with a code from the shown secret, and the backup codes are saved', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
    member = await signUpAndSignIn(page, app.baseUrl, 'PILOT-E2E');
    await openAccountSettings(page, member);
    await page.getByRole('button', { name: 'Set up' }).click();
    const dialog = page.getByRole('dialog', { name: SETUP_TITLE });
    await dialog.getByRole('button', { name: 'Generate secret' }).click();

    await dialog.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    secret = (await dialog.getByTestId('two-factor-secret').innerText()).replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await page.screenshot({ path: `${SHOTS}two-factor-setup-qr-1280.png` });

    await dialog.getByRole('button', { name: 'Next' }).click();
    await typeCode(page, appCode(secret));
    await dialog.getByRole('button', { name: 'Verify code' }).click();
    await page.getByText('Code verified.').waitFor();

    const list = dialog.getByRole('list', { name: 'Backup codes' });
    await list.waitFor();
    backupCodes = (await list.getByRole('listitem').allInnerTexts()).map((code) => code.trim());
    expect(backupCodes).toHaveLength(10);
    await page.screenshot({ path: `${SHOTS}two-factor-setup-backup-1280.png` });
    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download' }).click()]);
    expect(download.suggestedFilename()).toBe('backup-codes.txt');
    expect(readFileSync(await download.path(), 'utf8').trim().split('\n')).toEqual(backupCodes);

    await dialog.getByRole('button', { name: 'I saved my codes' }).click();
    await page.getByText('Two-factor authentication is on.').first().waitFor();
    await page.getByRole('button', { name: 'Turn off' }).waitFor();
    await page.screenshot({ path: `${SHOTS}two-factor-account-on-1280.png` });
    await page.keyboard.press('Escape');
    await signOut(page, member);
    await page.close();
  });

  it('then asks for a code after the password, and signs in with one', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
    await moveServerClock(2);
    await page.goto(`${app.baseUrl}/login`);
    await passwordStep(page, member);
    await page.screenshot({ path: `${SHOTS}two-factor-login-1280.png` });
    await typeCode(page, appCode(secret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/today');
    await page.getByRole('button', { name: `Account menu for ${member.name}` }).waitFor();
    await signOut(page, member);
    await page.close();
  });

  it('signs in with a backup code once, and refuses that backup code the second time', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${app.baseUrl}/login`);
    await passwordStep(page, member);
    await page.getByRole('button', { name: 'Use a backup code instead' }).click();
    await page.getByLabel('Backup code').fill(backupCodes[0]!);
    await page.screenshot({ path: `${SHOTS}two-factor-login-backup-390.png` });
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/today');
    await signOut(page, member);

    await passwordStep(page, member);
    await page.getByRole('button', { name: 'Use a backup code instead' }).click();
    await page.getByLabel('Backup code').fill(backupCodes[0]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('Invalid two-factor code or backup code.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login/2fa');
    await page.getByRole('button', { name: 'Use your authenticator app instead' }).click();
    await page.screenshot({ path: `${SHOTS}two-factor-login-390.png` });
    await page.close();
  });

  it('shows the setup on a phone, and closing it at the backup codes leaves two-factor off', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const phoneMember = await signUpAndSignIn(page, app.baseUrl, 'PILOT-E2E', 'Rae Okoye');
    await page.goto(`${app.baseUrl}/settings/account`);
    await page.getByRole('button', { name: 'Set up' }).click();
    const dialog = page.getByRole('dialog', { name: SETUP_TITLE });
    await dialog.getByRole('button', { name: 'Generate secret' }).click();
    await dialog.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    await page.screenshot({ path: `${SHOTS}two-factor-setup-qr-390.png` });
    const phoneSecret = (await dialog.getByTestId('two-factor-secret').innerText()).replace(/\s/g, '');
    await dialog.getByRole('button', { name: 'Next' }).click();
    await typeCode(page, appCode(phoneSecret));
    await dialog.getByRole('button', { name: 'Verify code' }).click();
    await dialog.getByRole('list', { name: 'Backup codes' }).waitFor();
    await page.screenshot({ path: `${SHOTS}two-factor-setup-backup-390.png` });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Set up' }).waitFor();

    // Signing in again needs no code: the unfinished setup was rolled back.
    await signOut(page, phoneMember);
    await page.getByLabel('Email').fill(phoneMember.email);
    await page.getByLabel('Password', { exact: true }).fill(phoneMember.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL('**/today');
    await page.close();
  });

  it('never writes a secret, backup code or temporary token to the server log', async () => {
    const log = await app.output();
    expect(log).toContain('verify-temp');
    for (const value of [secret, ...backupCodes, ...tempTokens]) expect(log).not.toContain(value);
  });
});
