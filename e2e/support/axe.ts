import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * The serious and critical WCAG 2.1 A/AA violations axe finds on the page as it is now (or in
 * `include`, a selector for one dialog or menu), one line each: rule id, help and the targets.
 */
export async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  // Only violations are read: axe then keeps one example node of each pass, instead of gathering
  // every node that passed (the same rules run on the same nodes).
  let builder = new AxeBuilder({ page }).withTags(WCAG_TAGS).options({ resultTypes: ['violations'] });
  // axe's default frame handling (runPartial in each frame, then finishRun in a new blank page)
  // doubles a run's CPU. A page without frames is checked the same by axe.run in the page itself
  // ("legacy mode"); with any frame the default runs, since legacy mode skips, silently, a frame
  // it cannot reach (another origin, an opaque sandbox) or one that appears while it runs.
  if (page.frames().length === 1) builder = builder.setLegacyMode(true);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.help} → ${violation.nodes.map((node) => `${node.target.join(' ')} ${node.html.slice(0, 100)}`).join(' | ')}`);
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
