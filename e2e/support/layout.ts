import { mkdirSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';

/** The viewports the layout suite opens every page at: three laptop and desktop sizes and a phone. */
export const VIEWPORTS = [
  { width: 1280, height: 720 },
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
  { width: 390, height: 844 },
] as const;
export type Viewport = (typeof VIEWPORTS)[number];

const SHOTS = new URL('../../test-results/e2e/layout/', import.meta.url).pathname;

/**
 * Why a person cannot see each element, one reason a line (an empty list when it is really
 * visible): it is rendered with a size (not display:none, not visually hidden like .sr-only), lies
 * whole inside the viewport, no ancestor's overflow clips it, and it is what the browser hits at its
 * centre (itself, one of its descendants or its label), so nothing else covers it. With `scroll`,
 * the element is first scrolled to the middle of the page and of any scrolling box it sits in, as a
 * person scrolls to what they look for. Runs in the page: it refers to nothing outside itself.
 */
function inspect(elements: Element[], scroll: boolean): string[][] {
  const describe = (node: Element) => {
    const label = node.getAttribute('aria-label') ?? node.textContent?.trim().slice(0, 40) ?? '';
    return `<${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}${label ? ` "${label}"` : ''}>`;
  };
  const width = document.documentElement.clientWidth;
  const height = document.documentElement.clientHeight;
  const slack = 1;
  return elements.map((element) => {
    if (scroll) element.scrollIntoView({ block: 'center', inline: 'nearest', behavior: 'instant' });
    const rect = element.getBoundingClientRect();
    const style = getComputedStyle(element);
    if (rect.width < 2 || rect.height < 2 || style.clip === 'rect(0px, 0px, 0px, 0px)' || style.clipPath === 'inset(50%)') {
      return [rect.width === 0 && rect.height === 0 ? 'is not rendered (hidden or without a size)' : 'is visually hidden (a screen-reader-only element)'];
    }
    const reasons: string[] = [];
    if (style.visibility !== 'visible') reasons.push(`has visibility: ${style.visibility}`);
    for (let node: Element | null = element; node; node = node.parentElement) {
      if (Number(getComputedStyle(node).opacity) === 0) reasons.push(`is transparent (opacity 0 on ${describe(node)})`);
    }
    if (rect.left < -slack || rect.top < -slack || rect.right > width + slack || rect.bottom > height + slack) {
      reasons.push(`is not whole inside the ${width}×${height} viewport: box ${Math.round(rect.left)},${Math.round(rect.top)} → ${Math.round(rect.right)},${Math.round(rect.bottom)}`);
    }
    for (let node = element.parentElement; node && node !== document.documentElement; node = node.parentElement) {
      const { overflowX, overflowY } = getComputedStyle(node);
      if (overflowX === 'visible' && overflowY === 'visible') continue;
      const box = node.getBoundingClientRect();
      const left = box.left + node.clientLeft;
      const top = box.top + node.clientTop;
      const clippedX = overflowX !== 'visible' && (rect.left < left - slack || rect.right > left + node.clientWidth + slack);
      const clippedY = overflowY !== 'visible' && (rect.top < top - slack || rect.bottom > top + node.clientHeight + slack);
      if (clippedX || clippedY) reasons.push(`is clipped by ${describe(node)} (overflow ${overflowX}/${overflowY})`);
    }
    const x = Math.min(Math.max(rect.left + rect.width / 2, 0), width - 1);
    const y = Math.min(Math.max(rect.top + rect.height / 2, 0), height - 1);
    const hit = document.elementFromPoint(x, y);
    const labels = 'labels' in element ? Array.from((element as HTMLInputElement).labels ?? []) : [];
    if (hit && !element.contains(hit) && !labels.some((label) => label.contains(hit))) reasons.push(`is covered at its centre by ${describe(hit)}`);
    return reasons;
  });
}

/**
 * Why a person cannot see the element `locator` finds (its first match), one reason a line; empty
 * when it is really visible (see {@link inspect}). Primary things are looked for as a person would:
 * scrolled to by default (an action may sit below the fold of a laptop screen, and must then be
 * whole in view, uncovered and unclipped); `{ scroll: false }` for what must show where the page
 * opens, like its main heading.
 */
export async function notVisibleReasons(locator: Locator, options: { scroll?: boolean } = {}): Promise<string[]> {
  const target = locator.first();
  try {
    await target.waitFor({ state: 'visible', timeout: 5_000 });
  } catch {
    return [(await target.count()) === 0 ? 'is not on the page' : 'is not rendered (hidden or without a size)'];
  }
  const [reasons = []] = await target.evaluateAll(inspect, options.scroll !== false);
  return reasons;
}

/** Each element `locator` finds that a person cannot reach by scrolling to it, as "name: reason" lines (see {@link inspect}). */
export async function unreachable(locator: Locator): Promise<string[]> {
  const names = await locator.evaluateAll((elements) => elements.map((element) => element.getAttribute('href') ?? element.textContent?.trim() ?? element.tagName));
  const reasons = await locator.evaluateAll(inspect, true);
  return reasons.flatMap((lines, index) => lines.map((reason) => `${names[index]} ${reason}`));
}

/** How many of the elements `locator` finds a person sees where they are, without scrolling anything (see {@link inspect}). */
export async function countVisibleInPlace(locator: Locator): Promise<number> {
  const reasons = await locator.evaluateAll(inspect, false);
  return reasons.filter((lines) => lines.length === 0).length;
}

/**
 * What sticks out to the right of the viewport: the page scrolling sideways, and the outermost
 * elements whose visible part (after any clipping ancestor) ends beyond the viewport's right edge.
 */
export function horizontalOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const width = root.clientWidth;
    const found: string[] = [];
    if (root.scrollWidth > width + 1) found.push(`the page scrolls sideways: ${root.scrollWidth} px wide in a ${width} px viewport`);
    /**
     * Where the element's box is cut on the right by ancestors whose overflow clips it. An absolute
     * box escapes the clipping of ancestors up to its containing block, a fixed one all of them:
     * such a box inside a scrolling table still widens the page.
     */
    const clipRight = (element: Element): number => {
      let right = Infinity;
      let position = getComputedStyle(element).position;
      for (let node = element.parentElement; node && node !== root && position !== 'fixed'; node = node.parentElement) {
        const style = getComputedStyle(node);
        const containing = style.position !== 'static' || style.transform !== 'none';
        if (position === 'absolute' && !containing) continue;
        if (style.overflowX !== 'visible') right = Math.min(right, node.getBoundingClientRect().left + node.clientLeft + node.clientWidth);
        position = style.position;
      }
      return right;
    };
    const offenders = new Set<Element>();
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      const rect = element.getBoundingClientRect();
      // The cheap tests first: most elements end inside the viewport, and walking an element's
      // ancestors' styles for each of a page's thousands of elements is most of this check's time.
      if (rect.width === 0 || rect.height === 0 || rect.right <= width + 1) continue;
      if (getComputedStyle(element).visibility === 'hidden') continue;
      if (clipRight(element) <= width + 1) continue;
      offenders.add(element);
      if (element.parentElement && offenders.has(element.parentElement)) continue;
      const label = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? '';
      found.push(`<${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''} class="${String(element.className).slice(0, 60)}"${label ? ` "${label}"` : ''}> ends at ${Math.round(rect.right)} px`);
    }
    return found;
  });
}

/**
 * The controls a fixed or sticky element anchored in the given half of the viewport covers at the
 * page's current scroll position, as "control under element" lines.
 */
function coveredNow(page: Page, half: 'top' | 'bottom'): Promise<string[]> {
  return page.evaluate((half) => {
    const describe = (node: Element) => {
      const label = node.getAttribute('aria-label') ?? node.textContent?.trim().slice(0, 40) ?? '';
      return `<${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}${label ? ` "${label}"` : ''}>`;
    };
    const width = document.documentElement.clientWidth;
    const height = document.documentElement.clientHeight;
    const shown = (element: Element) => {
      const rect = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      return rect.width > 1 && rect.height > 1 && style.visibility !== 'hidden' && style.clip !== 'rect(0px, 0px, 0px, 0px)';
    };
    const floating = Array.from(document.body.querySelectorAll('*')).filter((element) => {
      const { position } = getComputedStyle(element);
      return (position === 'fixed' || position === 'sticky') && shown(element);
    });
    // The outermost of nested floating elements speaks for them.
    const outer = floating
      .filter((element) => !floating.some((other) => other !== element && other.contains(element)))
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return (box.top + box.bottom) / 2 < height / 2 === (half === 'top');
      });
    // An open dialog is modal: the page behind it is meant to be out of reach, its own controls are not.
    const dialog = Array.from(document.querySelectorAll('[role="dialog"], [role="alertdialog"]')).find(shown);
    const controls = Array.from((dialog ?? document.body).querySelectorAll('a[href], button, input:not([type="hidden"]), select, textarea, [role="button"], [role="link"], [role="tab"], [role="menuitem"], [tabindex]:not([tabindex="-1"])')).filter(shown);
    const found: string[] = [];
    for (const cover of outer) {
      const box = cover.getBoundingClientRect();
      for (const control of controls) {
        if (cover.contains(control) || control.contains(cover)) continue;
        const rect = control.getBoundingClientRect();
        const left = Math.max(box.left, rect.left, 0);
        const right = Math.min(box.right, rect.right, width);
        const top = Math.max(box.top, rect.top, 0);
        const bottom = Math.min(box.bottom, rect.bottom, height);
        if (right - left < 2 || bottom - top < 2) continue;
        // Only what is painted on top covers: a sticky column beside the control, or one under it, does not.
        const hit = document.elementFromPoint((left + right) / 2, (top + bottom) / 2);
        if (hit && cover.contains(hit) && !control.contains(hit)) found.push(`${describe(control)} under ${describe(cover)}`);
      }
    }
    return found;
  }, half);
}

/**
 * Controls (links, buttons, fields) that a fixed or sticky element (the quick-add button, a toast,
 * a sticky header) covers wherever the page is scrolled: what floats in the bottom half (the
 * quick-add button, toasts) with the page scrolled to the end, where a control is as high as it gets,
 * and what floats in the top half (a header, a banner) with the page at its start, where a control
 * is as low as it gets. Content that slides under a header while scrolling is not a finding.
 * Leaves the page scrolled to the top.
 */
export async function fixedCovering(page: Page): Promise<string[]> {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const atEnd = await coveredNow(page, 'bottom');
  await page.evaluate(() => window.scrollTo(0, 0));
  return [...atEnd, ...(await coveredNow(page, 'top'))];
}

/** Saves what the viewport shows to test-results/e2e/layout/<name>-<width>.png. */
export async function layoutScreenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: `${SHOTS}${name.replace(/[^\w-]+/g, '_').replace(/^_|_$/g, '')}-${width}.png` });
}

/**
 * What the floating quick-add button covers with the page scrolled to its end, where the shell
 * leaves room for it: any control or line of text whose box meets the button's, and a toast, shown
 * while the page is there, that would sit over the button. The toast is a stand-in put into the
 * app's own toast list (so it takes the list's real place and width) and taken out again. Leaves the
 * page scrolled to the top; nothing to say on a page without the button.
 */
export async function quickAddCovering(page: Page): Promise<string[]> {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const found = await page.evaluate(() => {
    const button = document.querySelector('[data-quick-add] > button');
    if (!button) return [];
    const box = button.getBoundingClientRect();
    const meets = (rect: DOMRect) => Math.min(box.right, rect.right) - Math.max(box.left, rect.left) > 1 && Math.min(box.bottom, rect.bottom) - Math.max(box.top, rect.top) > 1;
    const describe = (node: Element) => `<${node.tagName.toLowerCase()}${node.getAttribute('aria-label') ? ` "${node.getAttribute('aria-label')}"` : ''}>`;
    const shown = (element: Element) => {
      const style = getComputedStyle(element);
      return style.visibility !== 'hidden' && style.clip !== 'rect(0px, 0px, 0px, 0px)' && style.clipPath !== 'inset(50%)';
    };
    const floating = '[data-quick-add], section[aria-label="Notifications"]';
    const problems: string[] = [];
    const controls = document.body.querySelectorAll('a[href], button, input:not([type="hidden"]), select, textarea, [role="button"], [role="link"], [role="tab"], [tabindex]:not([tabindex="-1"])');
    for (const control of Array.from(controls)) {
      if (control.closest(floating) || !shown(control)) continue;
      const rect = control.getBoundingClientRect();
      if (rect.width > 1 && rect.height > 1 && meets(rect)) problems.push(`the quick-add button covers ${describe(control)} "${control.textContent?.trim().slice(0, 40) ?? ''}"`);
    }
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      if (!text || !node.parentElement || node.parentElement.closest(floating) || !shown(node.parentElement)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      if (Array.from(range.getClientRects()).some(meets)) problems.push(`the quick-add button covers the text "${text.slice(0, 40)}"`);
    }
    // A toast-sized stand-in in the app's toast list: where the list puts it is where a real toast shows.
    const list = document.querySelector('section[aria-label="Notifications"] ol');
    if (!list) return [...problems, 'the toast list is not on the page'];
    const item = document.createElement('li');
    item.style.cssText = 'height: 64px; border: 1px solid';
    list.append(item);
    if (meets(item.getBoundingClientRect())) problems.push('a toast sits over the quick-add button');
    item.remove();
    return [...new Set(problems)];
  });
  await page.evaluate(() => window.scrollTo(0, 0));
  return found;
}
