import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI } from '../functions/src/providers/llm/__fakes__/openai-server.ts';
import type { FakeServer } from '../functions/src/providers/llm/__fakes__/sse-server.ts';
import { startApp, type RunningApp } from './support/app.ts';
import { launchBrowser, type Browser } from './support/browser.ts';
import { signUpAndSignIn } from './support/member.ts';
import { chooseModel } from './support/model-picker.ts';

const SHOTS = new URL('../test-results/e2e/', import.meta.url).pathname;

/** Runs an inline script and an inline style inside the frame: its own policy allows both. */
const PAGE = '<!doctype html><html><head><style>h1{color:#b4532a}</style></head><body><h1>Framed page</h1><p id="out">waiting</p><script>document.getElementById("out").textContent = "Inline script ran";</script></body></html>';
const COMPONENT = "import { useState } from 'react';\nexport default function Counter() { const [count, setCount] = useState(0); return <button onClick={() => setCount(count + 1)}>Clicked {count} times</button>; }";
const block = (identifier: string, type: string, title: string, fence: string, code: string) => `:::artifact{identifier="${identifier}" type="${type}" title="${title}"}\n\`\`\`${fence}\n${code}\n\`\`\`\n:::`;
const REPLY = [
  'Three artifacts, and some maths: $e^{i\\pi} + 1 = 0$.',
  block('page', 'text/html', 'Framed page', 'html', PAGE),
  block('counter', 'application/vnd.react', 'Counter', 'tsx', COMPONENT),
  block('flow', 'application/vnd.mermaid', 'Writing flow', 'mermaid', 'graph TD\n  Idea --> Draft\n  Draft --> Ship'),
  'Done.',
].join('\n\n');

let app: RunningApp;
let model: FakeServer;
let browser: Browser;
let page: Page;
/** Every CSP violation the page or any frame reported, and every console line about one. */
const violations: string[] = [];

beforeAll(async () => {
  // With code artifacts on, the system prompt carries the artifacts guide; a title request does not.
  const toldAboutArtifacts = (body: unknown) => (body as { messages: { role: string; content: unknown }[] }).messages.some((message) => message.role === 'system' && String(message.content).includes(':::artifact{'));
  model = await startFakeOpenAI({ reply: (body) => (toldAboutArtifacts(body) ? REPLY.split(/(?<=\n)/) : ['Security check']), intervalMs: 10 });
  const configFile = join(tmpdir(), `meld-e2e-headers-${process.pid}.json`);
  writeFileSync(configFile, JSON.stringify({ endpoints: { custom: [{ name: 'Studio', apiKey: 'fake-key', baseURL: `${model.url}/v1`, models: ['fake-headers'] }] } }));
  app = await startApp({ MELD_SIGNUP_CODES: 'PILOT-E2E', MELD_CONFIG_FILE: configFile });
  browser = await launchBrowser();
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  // In every frame, before any of its scripts: the event carries the directive and what was blocked.
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} in ${event.documentURI}`);
    });
  });
  page = await context.newPage();
  page.on('console', (message) => {
    if (/CSP violation|Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await signUpAndSignIn(page, app.baseUrl, 'PILOT-E2E', 'Grace Hopper');
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await model?.close();
});

async function send(text: string) {
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  await expect.poll(() => page.getByRole('button', { name: 'Send message' }).isEnabled(), { timeout: 15_000 }).toBe(true);
  await box.press('Enter');
}

describe('the app under its Content-Security-Policy', () => {
  it('serves the app with a policy that runs no inline script', async () => {
    const response = await fetch(`${app.baseUrl}/today`);
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).toMatch(/script-src 'self'(;|$)/);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-frame-options')).toBe('DENY');
  });

  it('blocks an injected inline script, and the watch below sees it', async () => {
    await page.evaluate(() => document.body.append(Object.assign(document.createElement('script'), { textContent: 'document.title = "pwned"' })));
    await expect.poll(() => violations.some((line) => line.includes('script-src'))).toBe(true);
    expect(await page.title()).not.toBe('pwned');
    violations.length = 0;
  });

  it('signs in and chats with the offline demo with no violation', async () => {
    await page.goto(`${app.baseUrl}/c/new`);
    await send('What makes a good weekly review?');
    await page.waitForURL(/\/c\/(?!new)/, { timeout: 30_000 });
    await expect.poll(() => page.getByRole('button', { name: 'Stop generating' }).count(), { timeout: 30_000 }).toBe(0);
    await page.goto(`${app.baseUrl}/today`);
    await page.getByRole('heading').first().waitFor();
    expect(violations).toEqual([]);
  });

  it('previews HTML, React and Mermaid artifacts, maths and all, with no violation in the app or the frame', async () => {
    await page.goto(`${app.baseUrl}/settings/artifacts`);
    await page.getByRole('switch', { name: 'Code artifacts' }).click();
    await expect.poll(() => page.getByRole('switch', { name: 'Code artifacts' }).getAttribute('aria-checked')).toBe('true');
    await page.goto(`${app.baseUrl}/c/new`);
    await chooseModel(page, 'fake-headers');
    await send('Three artifacts please');
    await page.getByText('Done.', { exact: true }).waitFor({ timeout: 30_000 });

    await page.getByRole('button', { name: 'Open Framed page' }).click();
    const framed = page.frameLocator('iframe[title="Preview of Framed page"]');
    await framed.getByText('Inline script ran').waitFor({ timeout: 15_000 });
    await page.screenshot({ path: `${SHOTS}security-headers-html-artifact.png` });

    await page.getByRole('button', { name: 'Open Counter' }).click();
    const counter = page.frameLocator('iframe[title="Preview of Counter"]');
    await counter.getByRole('button', { name: 'Clicked 0 times' }).click({ timeout: 20_000 });
    await counter.getByRole('button', { name: 'Clicked 1 times' }).waitFor();

    await page.getByRole('button', { name: 'Open Writing flow' }).click();
    await page.frameLocator('iframe[title="Preview of Writing flow"]').getByText('Draft').waitFor({ timeout: 20_000 });
    await page.screenshot({ path: `${SHOTS}security-headers-mermaid-artifact.png` });
    expect(violations).toEqual([]);
  });

  it('publishes no source maps: none in the build the stack uploads, no comment pointing at one, none served', async () => {
    const dist = new URL('../web/dist/', import.meta.url).pathname;
    const files = readdirSync(dist, { recursive: true, encoding: 'utf8' });
    expect(files.filter((name) => name.endsWith('.map'))).toEqual([]);
    const scripts = files.filter((name) => /\.(js|css)$/.test(name));
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((name) => /[#@] sourceMappingURL=/.test(readFileSync(join(dist, name), 'utf8')))).toEqual([]);
    const script = scripts.find((name) => name.startsWith('assets/') && name.endsWith('.js'))!;
    expect((await fetch(`${app.baseUrl}/${script}`)).status).toBe(200);
    expect((await fetch(`${app.baseUrl}/${script}.map`)).status).toBe(404);
  });

  it('refuses to be framed by another page', async () => {
    const other = await browser.newPage();
    await other.setContent(`<iframe src="${app.baseUrl}/login" title="attempt"></iframe>`);
    const framed = other.frames().find((frame) => frame !== other.mainFrame());
    // Blocked by frame-ancestors: Chromium puts its error page in the frame instead of the login form.
    await expect.poll(() => framed?.url(), { timeout: 15_000 }).toBe('chrome-error://chromewebdata/');
    expect(await framed!.getByLabel('Email').count()).toBe(0);
    await other.close();
  });
});
