import { MESSAGE_PAGE } from '@meld/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from './support/app.ts';
import { launchBrowser, type Browser } from './support/browser.ts';
import { signUpAndSignIn } from './support/member.ts';

let app: RunningApp;
let browser: Browser;
let page: Page;
let token: string;

const ANSWERS = 30;

/**
 * A ChatGPT export of one question answered 30 times (each answer 50 KB: 1.5 MB in all, more than
 * one page of messages), the newest answer followed up.
 */
function manyAnswers(): string {
  const seconds = Math.floor(Date.now() / 1000) - 3_600;
  const node = (id: string, parent: string | null, role: string, text: string, at: number) => ({
    id, parent, children: [] as string[],
    message: { id, author: { role }, content: { content_type: 'text', parts: [text] }, create_time: seconds + at, metadata: { model_slug: 'gpt-4o' } },
  });
  const mapping: Record<string, ReturnType<typeof node>> = { q: node('q', null, 'user', 'Which coast should we drive?', 0) };
  for (let i = 0; i < ANSWERS; i++) {
    mapping[`a${i}`] = node(`a${i}`, 'q', 'assistant', `Answer ${i + 1}: take the coast road. `.padEnd(50_000, 'Sea views all the way. '), 60 + i);
    mapping.q!.children.push(`a${i}`);
  }
  mapping.f = node('f', `a${ANSWERS - 1}`, 'user', 'Book the coastal route, then.', 600);
  mapping[`a${ANSWERS - 1}`]!.children.push('f');
  return JSON.stringify([{ title: 'Thirty answers', create_time: seconds, update_time: seconds + 600, mapping, current_node: 'f' }]);
}

beforeAll(async () => {
  app = await startApp({ MELD_SIGNUP_CODES: 'PILOT-E2E' });
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const member = await signUpAndSignIn(page, app.baseUrl, 'PILOT-E2E', 'Ines Duarte');
  // A token of her own for the import through the API (the page keeps its session).
  const login = await fetch(`${app.baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: member.email, password: member.password }) });
  token = ((await login.json()) as { token: string }).token;
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe('a conversation longer than one page', () => {
  it('opens on the branch being read, then loads the other answers in pages, none over the budget', async () => {
    const form = new FormData();
    form.append('file', new Blob([manyAnswers()], { type: 'application/json' }), 'conversations.json');
    const imported = await fetch(`${app.baseUrl}/api/convos/import`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    expect(imported.status).toBe(201);
    const list = (await (await fetch(`${app.baseUrl}/api/convos`, { headers: { authorization: `Bearer ${token}` } })).json()) as { conversations: { conversationId: string; title: string }[] };
    const conversationId = list.conversations.find((c) => c.title === 'Thirty answers')!.conversationId;

    const pages: { url: string; bytes: number }[] = [];
    page.on('response', (response) => {
      if (!response.url().includes(`/api/messages/${conversationId}`)) return;
      void response.body().then((body) => pages.push({ url: response.url(), bytes: body.length }));
    });
    await page.goto(`${app.baseUrl}/c/${conversationId}`);
    await page.getByText('Book the coastal route, then.').waitFor();
    await page.getByText(`Answer ${ANSWERS}: take the coast road.`).first().waitFor();
    // The other answers arrive with the later pages: the newest answer shows it has 29 older versions.
    await page.getByText(`${ANSWERS} / ${ANSWERS}`).waitFor();
    await page.getByRole('button', { name: 'Previous version' }).first().click();
    await page.getByText(`Answer ${ANSWERS - 1}: take the coast road.`).first().waitFor();

    await expect.poll(() => pages.length).toBeGreaterThan(2);
    expect(new URL(pages[0]!.url).searchParams.get('cursor')).toBeNull();
    expect(pages.slice(1).every((p) => new URL(p.url).searchParams.get('cursor'))).toBe(true);
    expect(Math.max(...pages.map((p) => p.bytes))).toBeLessThanOrEqual(MESSAGE_PAGE.budgetBytes);
  });
});
