import type { Locator, Page } from 'playwright-core';

/** How the focused element and its nearest ancestors are drawn: outline, shadow (Tailwind's rings), border and fill. */
type FocusLook = { description: string; styles: string[] };

/**
 * The focused element's look, focused and then blurred (and focused again, as the keyboard left
 * it). Ancestors count: a text box may show its focus on the box around it (`focus-within`).
 */
export async function focusLook(page: Page): Promise<{ focused: FocusLook; blurred: FocusLook } | null> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return null;
    const read = () => {
      // The look that stays, not a frame of a transition towards it: with reduced motion every
      // property of every element moves for a millisecond, which a read right after blur() would catch.
      for (const animation of document.getAnimations()) if (animation instanceof CSSTransition) animation.finish();
      const styles: string[] = [];
      for (let node: HTMLElement | null = element, depth = 0; node && depth < 4; node = node.parentElement, depth++) {
        const style = getComputedStyle(node);
        const outline = style.outlineStyle === 'none' || style.outlineWidth === '0px' ? 'none' : `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`;
        styles.push(`${outline}|${style.boxShadow}|${style.borderColor}|${style.backgroundColor}`);
      }
      const label = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? '';
      return { description: `<${element.tagName.toLowerCase()}> ${label}`, styles };
    };
    const focused = read();
    element.blur();
    const blurred = read();
    element.focus();
    return { focused, blurred };
  });
}

/** True when the focused element (or the box around it) looks different from itself unfocused. */
export function showsFocus(look: { focused: FocusLook; blurred: FocusLook }): boolean {
  return look.focused.styles.some((style, index) => style !== look.blurred.styles[index]);
}

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus, checking on the way that every element
 * the keyboard lands on shows it has the focus. Returns the elements that did not.
 */
export async function tabTo(page: Page, target: Locator, { backwards = false, max = 40 } = {}): Promise<string[]> {
  const unseen: string[] = [];
  for (let step = 0; step < max; step++) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    const look = await focusLook(page);
    if (look && !showsFocus(look)) unseen.push(look.focused.description);
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return unseen;
  }
  throw new Error(`Tab never reached ${target.toString()} in ${max} presses`);
}

/** Whether the focus is now on `target`. */
export function hasFocus(target: Locator): Promise<boolean> {
  return target.evaluate((element) => element === document.activeElement);
}
