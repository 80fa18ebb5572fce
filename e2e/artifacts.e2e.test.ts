import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI } from '../functions/src/providers/llm/__fakes__/openai-server.ts';
import type { FakeServer } from '../functions/src/providers/llm/__fakes__/sse-server.ts';
import { startApp, type RunningApp } from './support/app.ts';
import { launchBrowser } from './support/browser.ts';
import { signUpAndSignIn } from './support/member.ts';

const SHOTS = new URL('../test-results/e2e/', import.meta.url).pathname;

/** The page tries the network and its parent; both must fail inside the preview frame. */
const PAGE = `<!doctype html>
<html>
<head><style>body{font-family:Georgia,serif;padding:24px;color:#2b2420}h1{color:#b4532a}</style></head>
<body>
<h1>Hello from the artifact</h1>
<p id="net">Checking the network…</p>
<p id="parent">Checking the page around me…</p>
<script>
fetch('https://example.com').then(function () { document.getElementById('net').textContent = 'Network reached'; }, function () { document.getElementById('net').textContent = 'Network blocked'; });
try { document.getElementById('parent').textContent = 'Parent readable: ' + window.parent.document.title; } catch (error) { document.getElementById('parent').textContent = 'Parent hidden'; }
</script>
</body>
</html>`;

const REPLY = `Here is a small greeting page.\n\n:::artifact{identifier="greeting-page" type="text/html" title="Greeting page"}\n\`\`\`html\n${PAGE}\n\`\`\`\n:::\n\nOpen it to see it run.`;

const COMPONENT = `import { useState } from 'react';
import { Button, Card, CardContent, CardHeader, CardTitle } from '@/components/ui';

export default function Counter() {
  const [count, setCount] = useState(0);
  return (
    <Card>
      <CardHeader><CardTitle>Counter</CardTitle></CardHeader>
      <CardContent>
        <p>Clicked {count} times</p>
        <Button onClick={() => setCount(count + 1)}>Add one</Button>
      </CardContent>
    </Card>
  );
}`;

const block = (identifier: string, type: string, title: string, fence: string, code: string) => `:::artifact{identifier="${identifier}" type="${type}" title="${title}"}\n\`\`\`${fence}\n${code}\n\`\`\`\n:::`;
const KINDS_REPLY = [
  'Three more:',
  block('counter', 'application/vnd.react', 'Counter', 'tsx', COMPONENT),
  block('flow', 'application/vnd.mermaid', 'Writing flow', 'mermaid', 'graph TD\n  Idea --> Draft\n  Draft --> Ship'),
  block('plan', 'text/markdown', 'Weekly plan', 'markdown', '# Weekly plan\n\n- Write on **Monday**\n- Rest on Sunday'),
].join('\n\n');

type ChatRequest = { messages: { role: string; content: unknown }[] };
const system = (body: unknown) => (body as ChatRequest).messages.filter((message) => message.role === 'system').map((message) => String(message.content)).join('\n');
const toldAboutArtifacts = (body: unknown) => system(body).includes(':::artifact{');
const lastUserText = (body: unknown) => String((body as ChatRequest).messages.filter((message) => message.role === 'user').at(-1)?.content ?? '');
const replyTo = (body: unknown) => (lastUserText(body).includes('three more') ? KINDS_REPLY : REPLY);

let app: RunningApp;
let model: FakeServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  // The reply arrives line by line; a title request (no artifacts guide) gets a short title.
  model = await startFakeOpenAI({ reply: (body) => (toldAboutArtifacts(body) ? replyTo(body).split(/(?<=\n)/) : ['Greeting page']), intervalMs: 20 });
  const configFile = join(tmpdir(), `meld-e2e-artifacts-${process.pid}.json`);
  writeFileSync(configFile, JSON.stringify({ endpoints: { custom: [{ name: 'Studio', apiKey: 'fake-key', baseURL: `${model.url}/v1`, models: ['fake-artifacts'] }] } }));
  app = await startApp({ MELD_SIGNUP_CODES: 'PILOT-E2E', MELD_CONFIG_FILE: configFile });
  browser = await launchBrowser();
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signUpAndSignIn(page, app.baseUrl, 'PILOT-E2E', 'Kofi Asante');
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await model?.close();
});

describe('artifacts', () => {
  it('turns code artifacts on in settings, which unlocks shadcn', async () => {
    await page.goto(`${app.baseUrl}/settings/artifacts`);
    const shadcn = page.getByRole('switch', { name: 'Include shadcn/ui' });
    await expect.poll(() => shadcn.isDisabled()).toBe(true);
    await page.getByRole('switch', { name: 'Code artifacts' }).click();
    await expect.poll(() => shadcn.isEnabled()).toBe(true);
    await expect.poll(() => page.getByRole('switch', { name: 'Code artifacts' }).getAttribute('aria-checked')).toBe('true');
    await page.screenshot({ path: `${SHOTS}artifacts-settings-1280.png` });
  });

  it('opens an HTML artifact from the reply and sees it rendered in its frame, with no network and no access to the app', async () => {
    await page.goto(`${app.baseUrl}/c/new`);
    await expect.poll(() => page.getByRole('combobox', { name: 'Model' }).locator('option', { hasText: 'fake-artifacts' }).count(), { timeout: 15_000 }).toBe(1);
    await page.getByRole('combobox', { name: 'Model' }).selectOption({ label: 'fake-artifacts' });
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('Make me a greeting page');
    await expect.poll(() => page.getByRole('button', { name: 'Send message' }).isEnabled(), { timeout: 15_000 }).toBe(true);
    await box.press('Enter');

    const open = page.getByRole('button', { name: 'Open Greeting page' });
    await open.waitFor({ timeout: 20_000 });
    await page.getByText('Open it to see it run.', { exact: true }).waitFor({ timeout: 20_000 });
    // The setting reached the model as the artifacts guide in the system prompt.
    expect(model.requests.some((request) => toldAboutArtifacts(request.body))).toBe(true);
    // The directive and code are not shown as text in the conversation.
    expect(await page.getByText(':::artifact', { exact: false }).count()).toBe(0);

    await open.click();
    const panel = page.getByRole('complementary', { name: 'Greeting page' });
    await panel.waitFor();
    const frame = page.frameLocator('iframe[title="Preview of Greeting page"]');
    await frame.getByRole('heading', { name: 'Hello from the artifact' }).waitFor({ timeout: 15_000 });
    await frame.getByText('Network blocked').waitFor({ timeout: 10_000 });
    await frame.getByText('Parent hidden').waitFor();
    expect(await page.locator('iframe[title="Preview of Greeting page"]').getAttribute('sandbox')).toBe('allow-scripts');
    await page.screenshot({ path: `${SHOTS}artifacts-preview-1280.png` });

    await panel.getByRole('tab', { name: 'Code' }).click();
    expect(await panel.getByRole('textbox', { name: 'Code' }).inputValue()).toContain('<h1>Hello from the artifact</h1>');
    await page.screenshot({ path: `${SHOTS}artifacts-code-1280.png` });
  });

  it('edits the code and keeps the edit after a reload', async () => {
    const panel = page.getByRole('complementary', { name: 'Greeting page' });
    const code = panel.getByRole('textbox', { name: 'Code' });
    await code.fill(PAGE.replace('Hello from the artifact', 'Hello, edited'));
    await panel.getByText('Saved').waitFor({ timeout: 10_000 });
    await page.reload();
    await page.getByRole('button', { name: 'Open Greeting page' }).click();
    const frame = page.frameLocator('iframe[title="Preview of Greeting page"]');
    await frame.getByRole('heading', { name: 'Hello, edited' }).waitFor({ timeout: 15_000 });
  });

  it('runs a React component with the shipped shadcn components, and draws a Mermaid diagram and a Markdown document', async () => {
    await page.goto(`${app.baseUrl}/settings/artifacts`);
    await page.getByRole('switch', { name: 'Include shadcn/ui' }).click();
    await expect.poll(() => page.getByRole('switch', { name: 'Include shadcn/ui' }).getAttribute('aria-checked')).toBe('true');
    await page.goBack();
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('Now three more');
    await expect.poll(() => page.getByRole('button', { name: 'Send message' }).isEnabled(), { timeout: 15_000 }).toBe(true);
    await box.press('Enter');
    await page.getByRole('button', { name: 'Open Weekly plan' }).waitFor({ timeout: 20_000 });
    expect(system(model.requests.at(-1)!.body)).toContain('@/components/ui');

    await page.getByRole('button', { name: 'Open Counter' }).click();
    const counter = page.frameLocator('iframe[title="Preview of Counter"]');
    await counter.getByText('Clicked 0 times').waitFor({ timeout: 20_000 });
    await counter.getByRole('button', { name: 'Add one' }).click();
    await counter.getByText('Clicked 1 times').waitFor();
    await page.screenshot({ path: `${SHOTS}artifacts-react-1280.png` });

    await page.getByRole('button', { name: 'Open Writing flow' }).click();
    await page.frameLocator('iframe[title="Preview of Writing flow"]').locator('svg').getByText('Draft').waitFor({ timeout: 20_000 });
    await page.screenshot({ path: `${SHOTS}artifacts-mermaid-1280.png` });

    await page.getByRole('button', { name: 'Open Weekly plan' }).click();
    const plan = page.frameLocator('iframe[title="Preview of Weekly plan"]');
    await plan.getByRole('heading', { name: 'Weekly plan' }).waitFor({ timeout: 15_000 });
    await plan.getByText('Monday').waitFor();
  });

  it('shows the panel as a full-screen sheet on a phone', async () => {
    await page.getByRole('button', { name: 'Open Greeting page' }).click();
    await page.setViewportSize({ width: 390, height: 844 });
    const panel = page.getByRole('complementary', { name: 'Greeting page' });
    await panel.waitFor();
    const box = await panel.boundingBox();
    expect(box?.width).toBe(390);
    await page.frameLocator('iframe[title="Preview of Greeting page"]').getByText('Network blocked').waitFor({ timeout: 10_000 });
    await page.screenshot({ path: `${SHOTS}artifacts-preview-390.png` });
    await panel.getByRole('button', { name: 'Close artifact' }).click();
    await panel.waitFor({ state: 'detached' });
    await page.screenshot({ path: `${SHOTS}artifacts-card-390.png` });
    await page.goto(`${app.baseUrl}/settings/artifacts`);
    await expect.poll(() => page.getByRole('switch', { name: 'Code artifacts' }).getAttribute('aria-checked')).toBe('true');
    await page.getByRole('switch', { name: 'Include shadcn/ui' }).click();
    await page.getByRole('switch', { name: 'Custom prompt mode' }).click();
    // Custom prompt mode turns shadcn off and makes it unavailable.
    await expect.poll(() => page.getByRole('switch', { name: 'Include shadcn/ui' }).isDisabled()).toBe(true);
    expect(await page.getByRole('switch', { name: 'Include shadcn/ui' }).getAttribute('aria-checked')).toBe('false');
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${SHOTS}artifacts-settings-390.png` });
  });
});
