import { vi } from 'vitest';

/**
 * jsdom has no matchMedia. This one answers min-width queries from a settable viewport width and
 * notifies listeners when it changes.
 */
let width = 1280;
const listeners = new Set<() => void>();

function matches(query: string): boolean {
  const min = /min-width:\s*(\d+)px/.exec(query);
  const max = /max-width:\s*(\d+)px/.exec(query);
  if (min) return width >= Number(min[1]);
  if (max) return width <= Number(max[1]);
  return false;
}

export function installMatchMedia(): void {
  vi.stubGlobal('matchMedia', (query: string) => ({
    get matches() {
      return matches(query);
    },
    media: query,
    onchange: null,
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
    addListener: (listener: () => void) => listeners.add(listener),
    removeListener: (listener: () => void) => listeners.delete(listener),
    dispatchEvent: () => false,
  }));
}

export function setViewportWidth(next: number): void {
  width = next;
  for (const listener of listeners) listener();
}
