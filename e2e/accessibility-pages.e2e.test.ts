import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI } from '../functions/src/providers/llm/__fakes__/openai-server.ts';
import type { FakeServer } from '../functions/src/providers/llm/__fakes__/sse-server.ts';
import { startApp, type RunningApp } from './support/app.ts';
import { declaredAdminTabs, declaredRoutePaths, seriousViolations } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { signUpAndSignIn, type Member } from './support/member.ts';

const SHOTS = new URL('../test-results/e2e/', import.meta.url).pathname;
const SIGNUP_CODE = 'PILOT-A11Y';
const ADMIN = { email: 'admin.a11y@example.com', password: 'patient-admin-pass-1' };

let app: RunningApp;
let provider: FakeServer;
let browser: Browser;
let member: Page;
let admin: Page;
let guest: Page;
const ids = { conversation: '', share: '', prompt: '', agent: '', interview: '' };

/** Who opens a page: a signed-out visitor, the member, or the admin. */
type Visitor = 'guest' | 'member' | 'admin';
interface PageCheck {
  visitor: Visitor;
  url: () => string;
}

/**
 * Every path in routes.tsx, and how to reach it with data on it. A path maps to null only when
 * it renders nothing of its own (a redirect or a parent whose children are checked).
 */
const PAGES: Record<string, PageCheck[] | null> = {
  welcome: [{ visitor: 'guest', url: () => '/welcome' }],
  login: [{ visitor: 'guest', url: () => '/login' }],
  'login/2fa': [
    { visitor: 'guest', url: () => '/login/2fa?tempToken=a11y-check' },
    { visitor: 'guest', url: () => '/login/2fa' },
  ],
  register: [{ visitor: 'guest', url: () => '/register' }],
  'forgot-password': [{ visitor: 'guest', url: () => '/forgot-password' }],
  'reset-password': [{ visitor: 'guest', url: () => '/reset-password?token=a11y-check&userId=a11y-check' }],
  'users/signup': [{ visitor: 'guest', url: () => '/users/signup' }],
  'mentors/signup': [{ visitor: 'guest', url: () => '/mentors/signup' }],
  verify: [{ visitor: 'guest', url: () => '/verify?token=a11y-check&email=a11y%40example.com' }],
  'share/:shareId': [{ visitor: 'guest', url: () => `/share/${ids.share}` }],
  'mentor-interview/:token': null,
  start: [{ visitor: 'guest', url: () => `/mentor-interview/${ids.interview}/start` }],
  'question/:step': [{ visitor: 'guest', url: () => `/mentor-interview/${ids.interview}/question/1` }],
  complete: [{ visitor: 'guest', url: () => `/mentor-interview/${ids.interview}/complete` }],
  today: [{ visitor: 'member', url: () => '/today' }],
  log: [{ visitor: 'member', url: () => '/log' }],
  'library/wins-vault': [{ visitor: 'member', url: () => '/library/wins-vault' }],
  'library/north-star': [{ visitor: 'member', url: () => '/library/north-star' }],
  fragments: [{ visitor: 'member', url: () => '/fragments' }],
  chats: [{ visitor: 'member', url: () => '/chats' }],
  'mentor/feed': [{ visitor: 'member', url: () => '/mentor/feed' }],
  'mentor-feed': null,
  wins: null,
  'settings/:tab?': [{ visitor: 'member', url: () => '/settings' }],
  'c/:conversationId': [
    { visitor: 'member', url: () => '/c/new' },
    { visitor: 'member', url: () => `/c/${ids.conversation}` },
  ],
  search: [{ visitor: 'member', url: () => '/search?q=delegation' }],
  me: [
    { visitor: 'member', url: () => '/me' },
    ...declaredAdminTabs().map((tab) => ({ visitor: 'admin' as const, url: () => `/me?tab=${tab}` })),
  ],
  'prompts/:groupId?': [
    { visitor: 'member', url: () => '/prompts' },
    { visitor: 'member', url: () => `/prompts/${ids.prompt}` },
  ],
  'agents/:agentId?': [
    { visitor: 'member', url: () => '/agents' },
    { visitor: 'member', url: () => `/agents/${ids.agent}` },
  ],
};

/** The pages a phone visitor sees most, checked again at 390 px with the navigation drawer open. */
const MOBILE = ['/today', '/c/new', () => `/c/${ids.conversation}`, '/fragments', '/settings'];

async function api<T = unknown>(path: string, init: { method?: string; token?: string; body?: unknown } = {}): Promise<T> {
  const response = await fetch(`${app.baseUrl}${path}`, {
    method: init.method ?? 'POST',
    headers: { 'content-type': 'application/json', ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (response.status >= 300) throw new Error(`${path} failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto(`${app.baseUrl}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL('**/today');
}

/** Opens a page and waits until its data has arrived and nothing is still loading. */
async function settle(page: Page, url: string) {
  const response = await page.goto(`${app.baseUrl}${url}`);
  if (!response?.ok()) throw new Error(`${url} answered ${response?.status()}: ${await response?.text()}`);
  await page.waitForLoadState('networkidle');
  await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached', timeout: 10_000 }).catch(() => undefined);
  await page.waitForTimeout(300);
}

async function startConversation(page: Page): Promise<string> {
  await page.goto(`${app.baseUrl}/c/new`);
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill('Give me a long answer about delegation.');
  // Sending waits for the model menu to load.
  await page.getByRole('button', { name: 'Send message', disabled: false }).waitFor({ timeout: 15_000 });
  await box.press('Enter');
  await page.waitForURL(/\/c\/(?!new)[\w-]+$/);
  await page.getByRole('button', { name: 'Stop generating' }).waitFor({ state: 'detached', timeout: 30_000 });
  return new URL(page.url()).pathname.split('/').at(-1)!;
}

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  // Agents need a real provider: an OpenAI-compatible fake stands in for one.
  provider = await startFakeOpenAI({ intervalMs: 2 });
  const configFile = join(tmpdir(), `meld-e2e-a11y-pages-${process.pid}.json`);
  writeFileSync(
    configFile,
    JSON.stringify({
      endpoints: { custom: [{ name: 'Workshop', apiKey: 'fake-key', baseURL: `${provider.url}/v1`, models: ['gpt-4o-mini'] }] },
      // Every page load refreshes the session; this test loads dozens a minute from one address.
      rateLimits: { refresh: { max: 1_000, windowMinutes: 5 } },
    }),
  );
  app = await startApp({ MELD_CONFIG_FILE: configFile, MELD_SIGNUP_CODES: SIGNUP_CODE, MELD_ADMIN_EMAIL: ADMIN.email, MELD_ADMIN_PASSWORD: ADMIN.password, MELD_DEMO_WORD_DELAY_MS: '2' });
  browser = await launchBrowser();
  const desktop = { viewport: { width: 1280, height: 900 } };
  member = await (await browser.newContext(desktop)).newPage();
  admin = await (await browser.newContext(desktop)).newPage();
  guest = await (await browser.newContext(desktop)).newPage();

  const person: Member = await signUpAndSignIn(member, app.baseUrl, SIGNUP_CODE, 'Ama Mensah');
  const { token } = await api<{ token: string }>('/api/auth/login', { body: { email: person.email, password: person.password } });
  ids.conversation = await startConversation(member);
  ids.share = (await api<{ shareId: string }>(`/api/share/${ids.conversation}`, { token, body: {} })).shareId;
  await api('/api/fragments', { token, body: { content: 'I realised the best feedback is specific and kind.' } });
  await api('/api/wins', { token, body: { title: 'Led the quarterly planning', description: 'Everyone left with one clear priority.' } });
  ids.prompt = (await api<{ group: { groupId: string } }>('/api/prompts', { token, body: { prompt: { prompt: 'Summarise {{topic}} for my team.' }, group: { name: 'Team summary', command: 'team-summary' } } })).group.groupId;
  ids.agent = (await api<{ id: string }>('/api/agents', { token, body: { name: 'Planning partner', provider: 'Workshop', model: 'gpt-4o-mini', description: 'Helps plan a week.' } })).id;

  await signIn(admin, ADMIN.email, ADMIN.password);
  const adminToken = (await api<{ token: string }>('/api/auth/login', { body: ADMIN })).token;
  await api('/api/mentor-interest', { body: { firstName: 'Grace', lastName: 'Hopper', email: `grace.${Date.now()}@example.com`, jobTitle: 'Rear Admiral', company: 'US Navy' } });
  const [mentor] = await api<Array<{ _id: string }>>('/api/mentor-interest', { method: 'GET', token: adminToken });
  // A public banner shows on every page below, signed in or out, so each check covers it too.
  await api('/api/admin/banners', { token: adminToken, body: { message: '<p>Meld is <strong>down for maintenance</strong> on Sunday from 02:00 UTC. <a href="https://status.example.com">Status page</a></p>', isPublic: true } });
  ids.interview = (await api<{ accessToken: string }>(`/api/mentor-interest/${mentor!._id}/generate-token`, { token: adminToken })).accessToken;
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await provider?.close();
});

describe('every page has no serious or critical WCAG 2.1 AA violation', () => {
  it('maps every route in routes.tsx to a check', () => {
    const unmapped = declaredRoutePaths().filter((path) => !(path in PAGES));
    expect(unmapped, 'routes without an accessibility check: add them to PAGES').toEqual([]);
  });

  const checks = Object.entries(PAGES).flatMap(([route, pages]) => (pages ?? []).map((check) => ({ route, ...check })));
  it.each(checks)('$route as $visitor at 1280 px', async ({ visitor, url }) => {
    const page = { guest, member, admin }[visitor];
    await settle(page, url());
    expect(await seriousViolations(page), `${url()} as ${visitor}`).toEqual([]);
    if (url() === '/today') await page.screenshot({ path: `${SHOTS}a11y-today-1280.png` });
  });

  it('the main pages at 390 px, with the navigation drawer open', async () => {
    const context = member.context();
    const phone = await context.newPage();
    await phone.setViewportSize({ width: 390, height: 844 });
    const found: string[] = [];
    for (const entry of MOBILE) {
      const url = typeof entry === 'string' ? entry : entry();
      await settle(phone, url);
      found.push(...(await seriousViolations(phone)).map((line) => `${url}: ${line}`));
    }
    await settle(phone, '/today');
    await phone.getByRole('button', { name: 'Open navigation' }).click();
    await phone.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    found.push(...(await seriousViolations(phone)).map((line) => `drawer: ${line}`));
    await phone.screenshot({ path: `${SHOTS}a11y-drawer-390.png` });
    await phone.close();
    const visitor = await guest.context().newPage();
    await visitor.setViewportSize({ width: 390, height: 844 });
    await settle(visitor, '/login');
    found.push(...(await seriousViolations(visitor)).map((line) => `/login: ${line}`));
    await visitor.screenshot({ path: `${SHOTS}a11y-login-390.png` });
    await visitor.close();
    expect(found).toEqual([]);
  });
});
