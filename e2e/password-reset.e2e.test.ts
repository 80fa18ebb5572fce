import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from './support/app.ts';
import { launchBrowser, type Browser } from './support/browser.ts';

const SHOTS = new URL('../test-results/e2e/', import.meta.url).pathname;
const SIGNUP_CODE = 'PILOT-E2E';

let app: RunningApp;
let browser: Browser;
/** Every link secret met on the way, for the log check at the end. */
const secrets: string[] = [];
const tokenOf = (link: string) => new URL(link, 'http://x').searchParams.get('token')!;

/** A member who registered while verification is required: no session until the link is followed. */
const member = { name: 'Ama Mensah', email: `ama.${Date.now()}@example.com`, password: 'first-password-1', newPassword: 'second-password-2' };

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  // The local config (reset on, links returned since no mail is sent), with verification required.
  const config = JSON.parse(readFileSync(new URL('../meld.config.json', import.meta.url), 'utf8')) as { email: object; rateLimits?: object };
  const configFile = join(tmpdir(), `meld-e2e-recovery-${process.pid}.json`);
  // Every verify and resend here comes from one address: more than the 5 an hour one address gets.
  const rateLimits = { ...config.rateLimits, verifyEmail: { max: 50, windowMinutes: 60 } };
  writeFileSync(configFile, JSON.stringify({ ...config, email: { ...config.email, requireVerification: true, returnLinks: true }, rateLimits }));
  app = await startApp({ MELD_SIGNUP_CODES: SIGNUP_CODE, MELD_CONFIG_FILE: configFile });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/** The screen as it is, at desktop and phone width. */
async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}${name}-1280.png`, animations: 'disabled' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}${name}-390.png`, fullPage: true, animations: 'disabled' });
  await page.setViewportSize({ width: 1280, height: 860 });
}

/** Registers through the API while verification is required: no session until the link is followed. */
function registerUnverified(email: string) {
  return fetch(`${app.baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: member.name,
      email,
      password: member.password,
      confirm_password: member.password,
      signup_code: SIGNUP_CODE,
      whyHere: 'transition',
      lifeArena: 'growth',
      identitySegment: 'stem',
      currentBlock: 'doubt',
    }),
  });
}

async function signIn(page: Page, password: string) {
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

async function refreshCookie(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies()).find((candidate) => candidate.name === 'meld_refresh');
  if (!cookie) throw new Error('no refresh cookie');
  return `${cookie.name}=${cookie.value}`;
}

describe('e-mail verification and password reset, with no mail sent', () => {
  let firstSession: string;
  let verifyPath: string;

  it('refuses sign-in until the e-mail is verified, then verifies through the returned link and opens the app', async () => {
    const registered = await registerUnverified(member.email);
    expect(registered.status).toBe(201);
    expect(((await registered.json()) as { token?: string }).token).toBeUndefined();

    const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    const page = await context.newPage();
    await page.goto(`${app.baseUrl}/login`);
    await signIn(page, member.password);
    await page.getByText('Please verify your email address before signing in.').waitFor();
    await shoot(page, 'login-unverified');
    await page.getByRole('button', { name: 'Send a new verification link' }).click();
    await page.getByRole('link', { name: 'Verify my email now' }).waitFor();
    await shoot(page, 'login-unverified-resent');

    secrets.push(tokenOf((await page.getByRole('link', { name: 'Verify my email now' }).getAttribute('href'))!));
    await page.getByRole('link', { name: 'Verify my email now' }).click();
    await page.getByText('Your email is verified').waitFor();
    // Read once the link has been followed: right after the click the page may still be /login.
    expect(new URL(page.url()).pathname).toBe('/verify');
    verifyPath = new URL(page.url()).pathname + new URL(page.url()).search;
    await shoot(page, 'verify-success');

    // After the countdown the app opens at /c/new; signed out, through sign-in first.
    await page.waitForURL('**/login', { timeout: 10_000 });
    await signIn(page, member.password);
    await page.waitForURL('**/c/new');
    firstSession = await refreshCookie(context);
    await context.close();
  });

  it('resets the password through the returned link: the old password and the old refresh cookie stop working', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    const page = await context.newPage();
    await page.goto(`${app.baseUrl}/login`);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/forgot-password');
    await page.getByRole('heading', { name: 'Reset password' }).waitFor();
    await shoot(page, 'forgot-password');

    await page.getByLabel('Email').fill(member.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('Your reset link is ready').waitFor();
    await shoot(page, 'forgot-password-link-ready');

    await page.getByRole('link', { name: 'Reset your password now' }).click();
    await page.waitForURL('**/reset-password?**');
    secrets.push(tokenOf(page.url()));
    await page.getByLabel('New password', { exact: true }).fill(member.newPassword);
    await page.getByLabel('Confirm new password', { exact: true }).fill('not-the-same-one');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByText('Passwords do not match').waitFor();
    await shoot(page, 'reset-password');
    await page.getByLabel('Confirm new password', { exact: true }).fill(member.newPassword);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByText('Your password has been reset').waitFor();
    await shoot(page, 'reset-password-done');

    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/login');
    await signIn(page, member.password);
    await page.getByText('Email or password is incorrect.').waitFor();
    await signIn(page, member.newPassword);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));

    const refreshed = await fetch(`${app.baseUrl}/api/auth/refresh`, { method: 'POST', headers: { cookie: firstSession } });
    expect(refreshed.status).toBe(401);
    await context.close();
  });

  it('leads an unknown e-mail to no password form: the neutral answer, with no link to follow', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${app.baseUrl}/forgot-password`);
    await page.getByLabel('Email').fill('nobody-here@example.com');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('No reset link for that address').waitFor();
    expect(await page.getByRole('link', { name: 'Reset your password now' }).count()).toBe(0);
    await page.close();
  });

  it('explains a used reset link and points to a new one', async () => {
    const asked = await fetch(`${app.baseUrl}/api/auth/requestPasswordReset`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: member.email }),
    });
    const { link } = (await asked.json()) as { link: string };
    const parts = new URL(link).searchParams;
    secrets.push(parts.get('token')!);
    const body = { token: parts.get('token'), userId: parts.get('userId'), password: 'third-password-3', confirm_password: 'third-password-3' };
    const used = await fetch(`${app.baseUrl}/api/auth/resetPassword`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect(used.status).toBe(200);

    const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('fourth-password-4');
    await page.getByLabel('Confirm new password', { exact: true }).fill('fourth-password-4');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByText('This reset link no longer works').waitFor();
    await shoot(page, 'reset-password-invalid');
    await page.getByRole('link', { name: 'Request a new link' }).click();
    await page.waitForURL('**/forgot-password');
    await page.close();
  });

  it('explains a verification link used already, offers a new one once the countdown ends, and says the address is verified', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
    await page.goto(`${app.baseUrl}${verifyPath}`);
    await page.getByText('We could not verify your email').waitFor();
    await page.getByRole('button', { name: 'Send a new verification link' }).waitFor({ timeout: 10_000 });
    await shoot(page, 'verify-failed');
    // The address is verified already: a new link would never work, so none is offered (issue 26 §1.5).
    await page.getByRole('button', { name: 'Send a new verification link' }).click();
    await page.getByText('This email is already verified. You can sign in.').waitFor();
    expect(await page.getByRole('link', { name: 'Verify my email now' }).count()).toBe(0);
    await shoot(page, 'verify-already-verified');
    await page.close();
  });

  it('verifies with a new link after a failed one, from the page itself and in a fresh tab (issue 26 §1.5)', async () => {
    for (const [index, how] of (['in-page', 'fresh tab'] as const).entries()) {
      const email = `kofi.${index}.${Date.now()}@example.com`;
      expect((await registerUnverified(email)).status).toBe(201);
      const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
      await page.goto(`${app.baseUrl}/verify?token=${'x'.repeat(43)}&email=${encodeURIComponent(email)}`);
      await page.getByText('We could not verify your email').waitFor();
      await page.getByRole('button', { name: 'Send a new verification link' }).click({ timeout: 10_000 });
      const verifyNow = page.getByRole('link', { name: 'Verify my email now' });
      if (how === 'in-page') {
        await verifyNow.click();
        await page.getByText('Your email is verified').waitFor();
        if (index === 0) await shoot(page, 'verify-resent-in-page');
      } else {
        const fresh = await browser.newPage({ viewport: { width: 1280, height: 860 } });
        await fresh.goto(`${app.baseUrl}${(await verifyNow.getAttribute('href'))!}`);
        await fresh.getByText('Your email is verified').waitFor();
        await fresh.close();
      }
      await page.close();
    }
  });

  it('leaves no password, link token or session secret in the server log', async () => {
    const log = await app.output();
    expect(log.length).toBeGreaterThan(0);
    expect(secrets).toHaveLength(3);
    for (const secret of [...secrets, firstSession.split('=')[1]!, member.password, member.newPassword]) expect(log).not.toContain(secret);
  });
});
