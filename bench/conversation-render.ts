import { launchBrowser } from '../e2e/support/browser.ts';

export interface RenderFigures {
  openMs: number;
  jumpToEndMs: number;
  scrollFrames: number;
  medianFrameMs: number;
  p95FrameMs: number;
  worstFrameMs: number;
  renderedArticles: number;
}

/** A mouse-wheel notch; the run scrolls this far per frame, as a reader flicking down does. */
const WHEEL_STEP_PX = 120;
const WHEEL_STEPS = 250;

/**
 * Opens the long conversation in Debian's Chromium as its owner, wheel-scrolls 250 notches from
 * the top recording every animation frame's duration, then jumps to the end and times how long
 * the last message takes to appear.
 */
export async function benchConversationRender(baseUrl: string, credentials: { email: string; password: string }, conversationId: string): Promise<RenderFigures> {
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel('Email').fill(credentials.email);
    await page.getByLabel('Password', { exact: true }).fill(credentials.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL('**/today');

    const started = Date.now();
    await page.goto(`${baseUrl}/c/${conversationId}`);
    await page.getByRole('feed').getByRole('article').first().waitFor();
    const openMs = Date.now() - started;

    const frames = await page.evaluate(
      async ({ step, steps }) => {
        const durations: number[] = [];
        let last = performance.now();
        for (let i = 0; i < steps; i++) {
          window.scrollBy(0, step);
          await new Promise((resolve) => requestAnimationFrame(resolve));
          const now = performance.now();
          durations.push(now - last);
          last = now;
        }
        return durations;
      },
      { step: WHEEL_STEP_PX, steps: WHEEL_STEPS },
    );

    const fullHeight = await page.evaluate(() => document.documentElement.scrollHeight);
    const jumpStarted = Date.now();
    await page.evaluate((height) => window.scrollTo(0, height), fullHeight);
    await page.getByRole('feed').getByRole('article').last().waitFor();
    await page.waitForFunction(() => {
      const articles = document.querySelectorAll('[role="feed"] article');
      const last = articles[articles.length - 1];
      return last?.getAttribute('aria-posinset') === last?.getAttribute('aria-setsize');
    });
    const jumpToEndMs = Date.now() - jumpStarted;
    const sorted = [...frames].sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
    const renderedArticles = await page.getByRole('feed').getByRole('article').count();
    return { openMs, jumpToEndMs, scrollFrames: frames.length, medianFrameMs: at(0.5), p95FrameMs: at(0.95), worstFrameMs: sorted.at(-1) ?? 0, renderedArticles };
  } finally {
    await browser.close();
  }
}

export function printRenderFigures(f: RenderFigures): void {
  console.log('\nBrowser: the 2,000-message conversation in Chromium (headless)\n');
  console.log(`  time to first message          ${f.openMs} ms`);
  console.log(`  wheel scroll, ${f.scrollFrames} frames of ${WHEEL_STEP_PX} px`);
  console.log(`  frame time median / p95 / max  ${f.medianFrameMs.toFixed(1)} / ${f.p95FrameMs.toFixed(1)} / ${f.worstFrameMs.toFixed(1)} ms`);
  console.log(`  jump to the end, last message  ${f.jumpToEndMs} ms`);
  console.log(`  messages in the DOM at the end ${f.renderedArticles} (virtualised)`);
}
