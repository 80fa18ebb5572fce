import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { APP_HTML_ENTRY, htmlEntryFor } from '@meld/shared';
import { startFakeOpenAI } from '../../functions/src/providers/llm/__fakes__/openai-server.ts';
import { animationsDone } from './animations.ts';
import { startApp, type RunningApp } from './app.ts';
import { declaredAdminTabs } from './axe.ts';
import { launchBrowser } from './browser.ts';
import { signIn, signUpAndSignIn, type Member } from './member.ts';
import { sendFromNewChat } from './new-chat.ts';

const SIGNUP_CODE = 'PILOT-A11Y';
const ADMIN = { email: 'admin.a11y@example.com', password: 'patient-admin-pass-1' };

/** Who opens a page: a signed-out visitor, the member, or the admin. */
export type Visitor = 'guest' | 'member' | 'admin';
export interface PageCheck {
  visitor: Visitor;
  url: () => string;
}

/** What the page checks run against: the app with data on every page, and one browser tab per visitor. */
export interface PagesWorld {
  app: RunningApp;
  tabs: Record<Visitor, Page>;
  ids: { conversation: string; share: string; prompt: string; agent: string; interview: string };
  /**
   * Opens a page (see {@link visit}) and waits until it shows what it is for: `heading` rendered
   * when given, no request in flight, nothing marked busy, nothing still moving in.
   */
  settle: (page: Page, url: string, heading?: Locator) => Promise<void>;
  stop: () => Promise<void>;
}

const ids = { conversation: '', share: '', prompt: '', agent: '', interview: '' };

/**
 * Every path in routes.tsx, and how to reach it with data on it. A path maps to null only when
 * it renders nothing of its own (a redirect or a parent whose children are checked).
 */
export const PAGES: Record<string, PageCheck[] | null> = {
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

/** The viewport each tab last loaded the app at: later pages at that size go through the router. */
const loadedAt = new WeakMap<Page, string>();

/**
 * Opens `url` in the tab as a person following a link in the app does: through the app's router
 * (history.pushState and a popstate, which React Router follows), when the tab already shows the app
 * at this size. A reload of the whole app costs Chromium about 0.7 CPU-s more a page, and these
 * checks open some 200. The first page in a tab, and the first after a resize, is loaded from its
 * address, so every viewport is checked as a page opens at it.
 */
/** Opens `url` in the tab: through the app's router when the tab already shows the app at its size (true), else by loading it. */
export async function visit(page: Page, baseUrl: string, url: string): Promise<boolean> {
  const size = JSON.stringify(page.viewportSize());
  trafficOf(page);
  // Only the app's document has the router; the share page is a document of its own (decision 0046).
  const inApp = (path: string) => htmlEntryFor(path) === APP_HTML_ENTRY;
  if (loadedAt.get(page) === size && page.url().startsWith(baseUrl) && inApp(new URL(page.url()).pathname) && inApp(new URL(url, baseUrl).pathname)) {
    const before = await page.evaluate((path) => {
      const shown = document.documentElement.dataset.location;
      history.pushState(null, '', path);
      dispatchEvent(new PopStateEvent('popstate', { state: null }));
      return shown;
    }, url);
    // The router has rendered the page once the root marks its address (web/src/app/root-layout.tsx);
    // a page that redirects marks where it lands, so any address other than the one before counts.
    await page.waitForFunction(([path, shownBefore]) => {
      const shown = document.documentElement.dataset.location;
      return shown === path || (shown !== undefined && shown !== shownBefore);
    }, [url, before] as const);
    // The caller puts the page back at the top once it has settled (see settle).
    return true;
  }
  const response = await page.goto(`${baseUrl}${url}`);
  if (!response?.ok()) throw new Error(`${url} answered ${response?.status()}: ${await response?.text()}`);
  loadedAt.set(page, size);
  return false;
}

/** Requests each tab has in flight, and when the last one started or ended. */
const traffic = new WeakMap<Page, { open: number; last: number }>();

/** The tab's request counter, counting from now on: set up before a tab's first navigation. */
function trafficOf(page: Page): { open: number; last: number } {
  let counter = traffic.get(page);
  if (!counter) {
    const state = { open: 0, last: Date.now() };
    const done = () => Object.assign(state, { open: Math.max(0, state.open - 1), last: Date.now() });
    page.on('request', () => Object.assign(state, { open: state.open + 1, last: Date.now() }));
    page.on('requestfinished', done);
    page.on('requestfailed', done);
    traffic.set(page, state);
    counter = state;
  }
  return counter;
}

/** Resolves once the page has had no request in flight for 300 ms (at most 10 s). */
async function networkQuiet(page: Page): Promise<void> {
  const state = trafficOf(page);
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline && (state.open > 0 || Date.now() - state.last < 300)) await page.waitForTimeout(50);
}

/**
 * Titles of the conversations the world imports besides its streamed one: enough for the layout
 * suite to count a sidebar's worth of rows (at least 10 on a laptop, 8 in a phone's drawer).
 */
export const HISTORY_TITLES = [
  'Planning the spring offsite',
  'Notes for the quarterly review',
  'Reading list for the summer',
  'Preparing for the panel interview',
  'Budget for the family trip',
  'Feedback for the design team',
  'A calmer morning routine',
  'Ideas for the team newsletter',
  'Learning to negotiate salary',
  'Marathon training, week by week',
  'Gift ideas for my sister',
  'Outline of the conference talk',
] as const;

/** Imports one two-message conversation per title, as a ChatGPT export (the import route's format). */
async function importConversations(baseUrl: string, token: string, titles: readonly string[]): Promise<void> {
  const seconds = Math.floor(Date.now() / 1000);
  const message = (id: string, role: 'user' | 'assistant', text: string, time: number) => ({ id, author: { role }, content: { content_type: 'text', parts: [text] }, create_time: time });
  const conversations = titles.map((title, index) => {
    const time = seconds - 60 * (index + 1);
    return {
      title,
      create_time: time,
      update_time: time,
      current_node: 'answer',
      mapping: {
        question: { id: 'question', parent: null, children: ['answer'], message: message('question', 'user', `Help me with this: ${title.toLowerCase()}.`, time) },
        answer: { id: 'answer', parent: 'question', children: [], message: message('answer', 'assistant', 'Gladly. Where would you like to start?', time + 1) },
      },
    };
  });
  const form = new FormData();
  form.append('file', new Blob([JSON.stringify(conversations)], { type: 'application/json' }), 'conversations.json');
  const response = await fetch(`${baseUrl}/api/convos/import`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  if (response.status !== 201) throw new Error(`The import failed: ${response.status} ${await response.text()}`);
}

/**
 * Starts the app with a conversation (a demo reply) and twelve imported ones, a share, a fragment, a win, a prompt, an
 * agent, a mentor interview token and a public banner, and signs in the member and the admin.
 */
export async function setUpPages(): Promise<PagesWorld> {
  // Agents need a real provider: an OpenAI-compatible fake stands in for one.
  const provider = await startFakeOpenAI({ intervalMs: 2 });
  const configFile = join(tmpdir(), `meld-e2e-a11y-pages-${process.pid}.json`);
  writeFileSync(
    configFile,
    JSON.stringify({
      endpoints: { custom: [{ name: 'Workshop', apiKey: 'fake-key', baseURL: `${provider.url}/v1`, models: ['gpt-4o-mini'] }] },
      // Every page load refreshes the session; these checks load dozens a minute from one address.
      rateLimits: { refresh: { max: 1_000, windowMinutes: 5 } },
    }),
  );
  const app = await startApp({ MELD_CONFIG_FILE: configFile, MELD_SIGNUP_CODES: SIGNUP_CODE, MELD_ADMIN_EMAIL: ADMIN.email, MELD_ADMIN_PASSWORD: ADMIN.password, MELD_DEMO_WORD_DELAY_MS: '2' });
  const browser = await launchBrowser();
  const stop = async () => {
    await browser.close();
    await app.stop();
    await provider.close();
  };

  const api = async <T = unknown>(path: string, init: { method?: string; token?: string; body?: unknown } = {}): Promise<T> => {
    const response = await fetch(`${app.baseUrl}${path}`, {
      method: init.method ?? 'POST',
      headers: { 'content-type': 'application/json', ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    if (response.status >= 300) throw new Error(`${path} failed: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };

  const settle = async (page: Page, url: string, heading?: Locator) => {
    await visit(page, app.baseUrl, url);
    // A heading that never shows is the check's finding, not this wait's.
    await heading?.first().waitFor({ state: 'visible', timeout: 15_000 }).catch(() => undefined);
    await networkQuiet(page);
    await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached', timeout: 10_000 }).catch(() => undefined);
    await page.evaluate(animationsDone);
    // A person following a link lands at the top. The router's visit is a history pop, whose
    // restored position can land once the page has loaded (ci17 saw /today open 80 px down); a
    // fresh load in a tab the suite used before gets the router's saved position for the first
    // history entry, which every load of the tab shares (its key is "default").
    await page.evaluate(() => window.scrollTo(0, 0));
  };


  try {
    const desktop = { viewport: { width: 1280, height: 900 } };
    const member = await (await browser.newContext(desktop)).newPage();
    const admin = await (await browser.newContext(desktop)).newPage();
    const guest = await (await browser.newContext(desktop)).newPage();

    const person: Member = await signUpAndSignIn(member, app.baseUrl, SIGNUP_CODE, 'Ama Mensah');
    const { token } = await api<{ token: string }>('/api/auth/login', { body: { email: person.email, password: person.password } });
    ids.conversation = await sendFromNewChat(member, app, 'Give me a long answer about delegation.');
    await importConversations(app.baseUrl, token, HISTORY_TITLES);
    ids.share = (await api<{ shareId: string }>(`/api/share/${ids.conversation}`, { token, body: {} })).shareId;
    await api('/api/fragments', { token, body: { content: 'I realised the best feedback is specific and kind.' } });
    await api('/api/wins', { token, body: { title: 'Led the quarterly planning', description: 'Everyone left with one clear priority.' } });
    const prompt = { prompt: { prompt: 'Summarise {{topic}} for my team.' }, group: { name: 'Team summary', command: 'team-summary' } };
    ids.prompt = (await api<{ group: { groupId: string } }>('/api/prompts', { token, body: prompt })).group.groupId;
    const agent = { name: 'Planning partner', provider: 'Workshop', model: 'gpt-4o-mini', description: 'Helps plan a week.' };
    ids.agent = (await api<{ id: string }>('/api/agents', { token, body: agent })).id;

    await signIn(admin, app.baseUrl, ADMIN);
    const adminToken = (await api<{ token: string }>('/api/auth/login', { body: ADMIN })).token;
    await api('/api/mentor-interest', { body: { firstName: 'Grace', lastName: 'Hopper', email: `grace.${Date.now()}@example.com`, jobTitle: 'Rear Admiral', company: 'US Navy' } });
    const [mentor] = await api<Array<{ _id: string }>>('/api/mentor-interest', { method: 'GET', token: adminToken });
    ids.interview = (await api<{ accessToken: string }>(`/api/mentor-interest/${mentor!._id}/generate-token`, { token: adminToken })).accessToken;
    // A public banner shows on every page, signed in or out, so each check covers it too.
    const banner = '<p>Meld is <strong>down for maintenance</strong> on Sunday from 02:00 UTC. <a href="https://status.example.com">Status page</a></p>';
    await api('/api/admin/banners', { token: adminToken, body: { message: banner, isPublic: true } });
    return { app, tabs: { guest, member, admin }, ids, settle, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
