import type { Page } from 'playwright-core';
import { launchChromium } from '../e2e/support/browser.ts';
import { MESSAGES } from './conversations.ts';
import { scrollThrough, type ScrollFigures } from './pages/scroll.ts';

export interface RenderFigures {
  conversation: ScrollFigures & { openMs: number; messages: number; renderedAtEnd: number };
  sidebar: ScrollFigures & { firstRowsMs: number };
}

/** A mouse-wheel notch per frame for the conversation, a faster flick for the one-line sidebar rows. */
const CONVERSATION_STEP_PX = 120;
const SIDEBAR_STEP_PX = 200;
/** The sidebar loads a page of conversations (CONVO_PAGE_SIZE) at a time, at most one per 750 ms (spec 000 section 9). */
const SIDEBAR_QUIET_MS = 3_000;
const CAP_MS = 300_000;
/** A long task over this blocks input visibly; the lists must not make one while scrolling. */
export const SCROLL_LONG_TASK_BUDGET_MS = 200;

const ARTICLES = '[role="feed"] article';
const SIDEBAR_ROWS = 'section[aria-labelledby="chat-history-heading"] li a[href^="/c/"]';

async function signIn(page: Page, baseUrl: string, credentials: { email: string; password: string }): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Email').fill(credentials.email);
  await page.getByLabel('Password', { exact: true }).fill(credentials.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL('**/today');
}

/**
 * In Debian's Chromium (headless, CPU not throttled), as the owner of 5,000 conversations: the
 * sidebar from a fresh page load to its first rows, then scrolled to its oldest conversation and
 * back; the 2,000-message conversation opened, then scrolled top to bottom and back.
 */
export async function benchConversationRender(baseUrl: string, credentials: { email: string; password: string }, conversationId: string): Promise<RenderFigures> {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, baseUrl, credentials);

    const loadStarted = Date.now();
    await page.goto(`${baseUrl}/today`);
    await page.locator(SIDEBAR_ROWS).first().waitFor();
    const firstRowsMs = Date.now() - loadStarted;
    const sidebar = { firstRowsMs, ...(await scrollThrough(page, { rowSelector: SIDEBAR_ROWS, stepPx: SIDEBAR_STEP_PX, quietMs: SIDEBAR_QUIET_MS, capMs: CAP_MS })) };

    const openStarted = Date.now();
    await page.goto(`${baseUrl}/c/${conversationId}`);
    await page.locator(ARTICLES).first().waitFor();
    const openMs = Date.now() - openStarted;
    const messages = Number(await page.locator(ARTICLES).first().getAttribute('aria-setsize'));
    await page.evaluate(() => window.scrollTo(0, 0));
    const scrolled = await scrollThrough(page, { rowSelector: ARTICLES, stepPx: CONVERSATION_STEP_PX, quietMs: 1_000, capMs: CAP_MS });
    const renderedAtEnd = await page.locator(ARTICLES).count();
    return { conversation: { openMs, messages, renderedAtEnd, ...scrolled }, sidebar };
  } finally {
    await browser.close();
  }
}

function printScroll(f: ScrollFigures): void {
  const flag = f.worstLongTaskMs > SCROLL_LONG_TASK_BUDGET_MS ? `  OVER ${SCROLL_LONG_TASK_BUDGET_MS} ms` : '';
  console.log(`  down to "${f.lastRow}" and back   ${(f.ms / 1000).toFixed(1)} s, ${f.frames} frames, ${f.droppedFrames} dropped`);
  console.log(`  frame time median / p95 / max       ${f.medianFrameMs.toFixed(1)} / ${f.p95FrameMs.toFixed(1)} / ${f.worstFrameMs.toFixed(1)} ms`);
  console.log(`  long tasks, worst                   ${f.longTasks}, ${f.worstLongTaskMs.toFixed(0)} ms${flag}`);
  console.log(`  DOM elements at most                ${f.maxDomNodes}`);
}

export function printRenderFigures(f: RenderFigures): void {
  console.log('\nBrowser: headless Chromium, CPU not throttled, 1280x900\n');
  console.log(`Sidebar, 5,000 conversations (${SIDEBAR_STEP_PX} px per frame; 25 per page)`);
  console.log(`  page load to first rows             ${f.sidebar.firstRowsMs} ms`);
  printScroll(f.sidebar);
  console.log(`\nConversation of ${MESSAGES} messages, ${f.conversation.messages} on the active branch (${CONVERSATION_STEP_PX} px per frame)`);
  console.log(`  open to first message               ${f.conversation.openMs} ms`);
  printScroll(f.conversation);
  console.log(`  messages in the DOM at the end      ${f.conversation.renderedAtEnd} (virtualised)`);
}
