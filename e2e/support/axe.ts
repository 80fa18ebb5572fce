import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { animationsDone } from './animations.ts';
import axe from 'axe-core';
import type { Frame, Page } from 'playwright-core';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * What AxeBuilder evaluates in each frame before it runs axe there: only a check that axe is
 * loaded. Its own injection sends axe (half a megabyte) to every frame on every run, and gives a
 * child frame one second to parse it: on a busy machine it skips that frame, silently.
 * {@link loadAxe} loads axe first instead, with no deadline, once per document.
 */
const AXE_LOADED = 'if (typeof window.axe !== "object") throw new Error("axe is not loaded in this frame")';

/** Loads axe in every frame of the page that lacks it; returns the frames, to see whether any came or went. */
async function loadAxe(page: Page): Promise<Frame[]> {
  const frames = page.frames().filter((frame) => !frame.isDetached());
  await Promise.all(
    frames.map(async (frame) => {
      // A frame that navigates away meanwhile is not checked: the run below notices the change.
      const loaded = await frame.evaluate('typeof window.axe === "object"').catch(() => true);
      if (!loaded) await frame.evaluate(axe.source).catch(() => undefined);
    }),
  );
  return frames;
}

/**
 * Marks the document as unsettled whenever an animation or transition starts (content that
 * arrives while axe runs, like a banner fading in, is measured half-blended); returns and clears
 * the mark. Runs in the page.
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
  const moved = state.meldAxeWatch.moved;
  state.meldAxeWatch.moved = false;
  return moved;
}

/**
 * The serious and critical WCAG 2.1 A/AA violations axe finds on the page as it is now (or in
 * `include`, a selector for one dialog or menu), one line each: rule id, help and the targets.
 */
export async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  for (let attempt = 1; ; attempt++) {
    // A dialog fading in or a drawer sliding in is checked where it stays: mid-way, its colours are half-blended.
    await page.evaluate(animationsDone);
    await page.evaluate(animatedSinceLastAsked);
    const frames = await loadAxe(page);
    // Only violations are read: axe then keeps one example node of each pass, instead of gathering
    // every node that passed (the same rules run on the same nodes).
    let builder = new AxeBuilder({ page, axeSource: AXE_LOADED }).withTags(WCAG_TAGS).options({ resultTypes: ['violations'] });
    // axe's default frame handling (runPartial in each frame, then finishRun in a new blank page)
    // doubles a run's CPU. A page without frames is checked the same by axe.run in the page itself
    // ("legacy mode"); with any frame the default runs, since legacy mode skips, silently, a frame
    // it cannot reach (another origin, an opaque sandbox).
    if (frames.length === 1) builder = builder.setLegacyMode(true);
    if (include) builder = builder.include(include);
    // The blank page finishRun opens (and any frame that appears meanwhile) starts with axe loaded.
    const preload = frames.length > 1 ? await page.context().addInitScript({ content: axe.source }) : undefined;
    const { violations } = await builder.analyze().finally(() => preload?.dispose());
    // A frame that came or went during the run may have been skipped, and something that started
    // moving was measured mid-way: the page is checked again.
    const after = page.frames().filter((frame) => !frame.isDetached());
    const changed = after.length !== frames.length || after.some((frame) => !frames.includes(frame));
    const moved = await page.evaluate(animatedSinceLastAsked).catch(() => true);
    if ((changed || moved) && attempt < 3) continue;
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
