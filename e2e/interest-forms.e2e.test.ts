import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from './support/app.ts';
import { launchBrowser, type Browser } from './support/browser.ts';

const SHOTS = new URL('../test-results/e2e/', import.meta.url).pathname;

/** Stands in for the newsletter provider's embeddable sign-up page. */
const NEWSLETTER_PAGE = `<!doctype html><html><body style="font-family:sans-serif;margin:24px">
<h1 style="font-size:18px">The Meld Letter</h1><p>Field notes from the pilot, once a month.</p>
<form onsubmit="event.preventDefault();document.body.insertAdjacentHTML('beforeend','<p>Subscribed!</p>')">
<label>Email <input name="email" type="email"></label> <button>Subscribe</button></form></body></html>`;

let app: RunningApp;
let browser: Browser;
let newsletter: Server;
let subscribed = 0;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  newsletter = createServer((_request, response) => {
    subscribed += 1;
    response.writeHead(200, { 'content-type': 'text/html' }).end(NEWSLETTER_PAGE);
  });
  await new Promise<void>((done) => newsletter.listen(0, '127.0.0.1', done));
  const newsletterUrl = `http://127.0.0.1:${(newsletter.address() as AddressInfo).port}/embed`;
  const config = JSON.parse(readFileSync(new URL('../meld.config.json', import.meta.url), 'utf8')) as { interface?: object };
  const configFile = join(tmpdir(), `meld-e2e-interest-${process.pid}.json`);
  writeFileSync(configFile, JSON.stringify({ ...config, interface: { ...config.interface, newsletterUrl } }));
  app = await startApp({ MELD_CONFIG_FILE: configFile });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await new Promise((done) => newsletter?.close(done));
});

async function openPage(path: string, width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.baseUrl });
  const page = await context.newPage();
  await page.goto(`${app.baseUrl}${path}`);
  return page;
}

describe('the mentor interest form', () => {
  it('refuses an empty form with the spec’s messages, then thanks the mentor and copies the page’s link', async () => {
    const page = await openPage('/mentors/signup', 1280);
    await page.getByRole('heading', { name: 'Mentor sign up' }).waitFor();
    await page.getByRole('button', { name: 'Submit' }).click();
    for (const message of ['First name is required', 'Invalid email address', 'Job title is required']) {
      await page.getByText(message).waitFor();
    }
    await page.screenshot({ path: `${SHOTS}interest-mentor-errors-1280.png`, fullPage: true });

    await page.getByLabel('First name').fill('Grace');
    await page.getByLabel('Last name').fill('Hopper');
    await page.getByLabel('Email').fill('  Grace.Hopper@Example.com ');
    await page.getByLabel('Job title').fill('Rear Admiral');
    await page.getByLabel('Company').fill('US Navy');
    await page.getByRole('combobox', { name: 'Industry' }).fill('gov');
    await page.getByRole('option', { name: 'Government & Public Policy' }).click();
    await page.getByRole('combobox', { name: 'Career stage' }).selectOption('Retired');
    expect(await page.getByText('First name is required').count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}interest-mentor-form-1280.png`, fullPage: true });

    const submitted = page.waitForResponse((response) => response.url().endsWith('/api/mentor-interest'));
    await page.getByRole('button', { name: 'Submit' }).click();
    expect((await submitted).status()).toBe(201);
    await page.getByRole('heading', { name: 'Thank you for signing up' }).waitFor();
    await page.getByText('grace.hopper@example.com').waitFor();

    await page.getByRole('button', { name: 'Copy link' }).click();
    await page.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${app.baseUrl}/mentors/signup`);
    await page.screenshot({ path: `${SHOTS}interest-mentor-success-1280.png`, fullPage: true });
    await page.getByRole('button', { name: 'Copy link' }).waitFor({ timeout: 3_000 });

    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}interest-mentor-success-390.png`, fullPage: true });
    await page.context().close();
  });

  it('lays the form out for a phone', async () => {
    const page = await openPage('/mentors/signup', 390);
    await page.getByRole('combobox', { name: 'Industry' }).click();
    await page.getByRole('option', { name: 'Consulting & Professional Services' }).waitFor();
    await page.screenshot({ path: `${SHOTS}interest-mentor-form-390.png`, fullPage: true });
    await page.context().close();
  });
});

describe('the user interest form', () => {
  it('asks the questions of the chosen situation, holds the submit until its required answer is given, then walks through the newsletter step', async () => {
    const page = await openPage('/users/signup', 390);
    await page.getByRole('heading', { name: 'Join the Meld waitlist' }).waitFor();
    expect(await page.getByLabel('What do you want to get out of MELD?').count()).toBe(0);

    await page.getByLabel('Name').fill('Ada Lovelace');
    await page.getByLabel('Email').fill('ada@');
    await page.getByLabel('Email').blur();
    await page.getByText('Invalid email address').waitFor();
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByRole('combobox', { name: 'What best describes you?' }).selectOption('Currently working');
    await page.getByLabel('What do you want to get out of MELD?').fill('A mentor who has changed careers twice');
    await page.getByRole('combobox', { name: 'How did you hear about MELD?' }).selectOption('Other');
    await page.getByLabel('Tell us where').fill('A poster in the library');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Please fill in all required fields for your situation').waitFor();
    await page.screenshot({ path: `${SHOTS}interest-user-errors-390.png`, fullPage: true });

    await page.getByLabel('Job title').fill('Analyst');
    await page.getByLabel('City you work in').fill('London');
    await page.getByRole('checkbox', { name: 'I would be open to mentoring others' }).check();
    const submitted = page.waitForResponse((response) => response.url().endsWith('/api/user-interest'));
    await page.getByRole('button', { name: 'Submit' }).click();
    expect((await submitted).status()).toBe(201);

    await page.getByRole('heading', { name: 'You are on the list' }).waitFor();
    await page.getByText('ada@example.com').waitFor();
    const frame = page.frameLocator('iframe[title="Newsletter sign-up"]');
    await frame.getByLabel('Email').fill('ada@example.com');
    await frame.getByRole('button', { name: 'Subscribe' }).click();
    await frame.getByText('Subscribed!').waitFor();
    expect(subscribed).toBeGreaterThan(0);
    await page.screenshot({ path: `${SHOTS}interest-user-newsletter-390.png`, fullPage: true });

    const confirmed = page.waitForResponse((response) => response.url().endsWith('/newsletter-signup'));
    await page.getByRole('button', { name: 'I have signed up' }).click();
    expect((await confirmed).status()).toBe(200);
    await page.getByRole('heading', { name: 'Welcome to Meld' }).waitFor();
    await page.screenshot({ path: `${SHOTS}interest-user-welcome-390.png`, fullPage: true });
    await page.context().close();
  });

  it('shows the student’s questions on a wide screen and lets the visitor skip the newsletter', async () => {
    const page = await openPage('/users/signup', 1280);
    await page.getByLabel('Name').fill('Mary Somerville');
    await page.getByLabel('Email').fill('mary@example.com');
    await page.getByRole('combobox', { name: 'What best describes you?' }).selectOption('In college');
    await page.getByLabel('School').fill('University of Edinburgh');
    await page.getByLabel('What are you studying?').fill('Astronomy');
    await page.getByLabel('Graduation year').fill('2027');
    await page.getByLabel('What do you want to get out of MELD?').fill('Confidence to publish');
    await page.getByRole('combobox', { name: 'How did you hear about MELD?' }).selectOption('Substack');
    await page.screenshot({ path: `${SHOTS}interest-user-form-1280.png`, fullPage: true });
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('heading', { name: 'You are on the list' }).waitFor();
    await page.screenshot({ path: `${SHOTS}interest-user-newsletter-1280.png`, fullPage: true });
    await page.getByRole('button', { name: 'Skip for now' }).click();
    await page.getByRole('heading', { name: 'Welcome to Meld' }).waitFor();
    await page.context().close();
  });
});
