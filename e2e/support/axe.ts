import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { animationsDone } from './animations.ts';
import axe, { type Result } from 'axe-core';
import type { Frame, Page } from 'playwright-core';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * What AxeBuilder evaluates in each frame before it runs axe there: only a check that axe is
 * loaded. Its own injection sends axe (half a megabyte) to every frame on every run, and gives a
 * child frame one second to parse it: on a busy machine it skips that frame, silently.
 * {@link loadAxe} loads axe first instead, with no deadline, once per document; the check left
 * under AxeBuilder's one second takes microseconds.
 */
const AXE_LOADED = 'if (typeof window.axe !== "object") throw new Error("axe is not loaded in this frame")';

/** The page's frames and the document each shows: a frame that navigates keeps its Frame object. */
const frameDocuments = (page: Page): string[] => page.frames().filter((frame) => !frame.isDetached()).map((frame) => `${frame.name()} ${frame.url()}`);

/** Loads axe in every frame of the page that lacks it; false when a frame could not take it (it was navigating). */
async function loadAxe(frames: Frame[]): Promise<boolean> {
  const loaded = await Promise.all(
    frames.map(async (frame) => {
      try {
        if (!(await frame.evaluate('typeof window.axe === "object"'))) await frame.evaluate(axe.source);
        return true;
      } catch {
        return frame.isDetached();
      }
    }),
  );
  return loaded.every(Boolean);
}

/**
 * Whether something moved since the last ask (content that arrives while axe runs, like a banner
 * fading in, is measured half-blended): a CSS animation or transition started, or one that ends is
 * running now. The events alone miss one that started too late for its event to be dispatched
 * (that waits for the next frame, late on a busy machine), and animations made with
 * `element.animate()`, which dispatch none. Clears the mark. Runs in the page.
 */
function animatedSinceLastAsked(): boolean {
  const state = window as unknown as { meldAxeWatch?: { moved: boolean } };
  if (!state.meldAxeWatch) {
    const watch = { moved: false };
    const mark = () => (watch.moved = true);
    document.addEventListener('animationstart', mark, true);
    document.addEventListener('transitionstart', mark, true);
    state.meldAxeWatch = watch;
  }
  const started = state.meldAxeWatch.moved;
  state.meldAxeWatch.moved = false;
  // Only one that animationsDone waits for (it ends within five seconds): checking again during a
  // longer one (a progress bar) would measure it mid-way again.
  const running = document.getAnimations().some((animation) => {
    const timing = animation.effect?.getComputedTiming();
    if (animation.playState !== 'running' || !timing || timing.iterations === Infinity) return false;
    const left = Number(timing.endTime) - Number(animation.currentTime ?? 0);
    return left <= 5_000;
  });
  return started || running;
}

/**
 * The serious and critical WCAG 2.1 A/AA violations axe finds on the page as it is now (or in
 * `include`, a selector for one dialog or menu), one line each: rule id, help and the targets.
 */
export async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  for (let attempt = 1; ; attempt++) {
    // From here on, an animation that starts is noticed; one already under way is waited for: a
    // dialog fading in or a drawer sliding in is checked where it stays, not half-blended.
    await page.evaluate(animatedSinceLastAsked);
    await page.evaluate(animationsDone);
    const frames = page.frames().filter((frame) => !frame.isDetached());
    const documents = frameDocuments(page);
    // The blank page finishRun opens, and a frame that loads meanwhile, start with axe loaded.
    const preload = frames.length > 1 ? await page.context().addInitScript({ content: axe.source }) : undefined;
    let violations: Result[];
    let allLoaded: boolean;
    try {
      allLoaded = await loadAxe(frames);
      // Only violations are read: axe then keeps one example node of each pass, instead of gathering
      // every node that passed (the same rules run on the same nodes).
      let builder = new AxeBuilder({ page, axeSource: AXE_LOADED }).withTags(WCAG_TAGS).options({ resultTypes: ['violations'] });
      // axe's default frame handling (runPartial in each frame, then finishRun in a new blank page)
      // doubles a run's CPU. A page without frames is checked the same by axe.run in the page itself
      // ("legacy mode"); with any frame the default runs, since legacy mode skips, silently, a frame
      // it cannot reach (another origin, an opaque sandbox).
      if (frames.length === 1) builder = builder.setLegacyMode(true);
      if (include) builder = builder.include(include);
      ({ violations } = await builder.analyze());
    } finally {
      // A page closed mid-run has taken its init script with it: the run's own error is the one to see.
      await preload?.dispose().catch(() => undefined);
    }
    // A frame that came, went or navigated during the run may have been skipped: the page is checked
    // again, and a page whose frames never hold still is an error, not a pass. Something that
    // started moving was measured mid-way: checked again too, at most twice.
    const framesChanged = !allLoaded || frameDocuments(page).join('\n') !== documents.join('\n');
    const moved = await page.evaluate(animatedSinceLastAsked).catch(() => true);
    if (framesChanged && attempt === 3) throw new Error(`${page.url()}: its frames kept changing while axe ran, so a frame may have gone unchecked`);
    if ((framesChanged || moved) && attempt < 3) continue;
    return violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.id} (${violation.impact}): ${violation.help} → ${violation.nodes.map((node) => `${node.target.join(' ')} ${node.html.slice(0, 100)}`).join(' | ')}`);
  }
}

/**
 * The route paths `web/src/app/routes.tsx` declares, as written there (nested ones relative to
 * their parent): the page checks map each one, so a page added later without a check fails them.
 */
export function declaredRoutePaths(): string[] {
  const source = readFileSync(resolve(import.meta.dirname, '../../web/src/app/routes.tsx'), 'utf8');
  return [...source.matchAll(/\bpath: '([^']+)'/g)].map((match) => match[1]!);
}

/** The Admin Panel's tabs, as `web/src/features/admin/lib/admin-tabs.ts` lists them: each is checked like a page. */
export function declaredAdminTabs(): string[] {
  const source = readFileSync(resolve(import.meta.dirname, '../../web/src/features/admin/lib/admin-tabs.ts'), 'utf8');
  const list = /ADMIN_TABS[^=]*=\s*\[([^\]]*)\]/.exec(source)?.[1];
  if (!list) throw new Error('ADMIN_TABS not found in admin-tabs.ts');
  return [...list.matchAll(/'([^']+)'/g)].map((match) => match[1]!);
}
