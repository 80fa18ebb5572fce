import { renderHook, waitFor } from '@testing-library/react';
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { describe, expect, it } from 'vitest';
import { useRevealedCount } from './use-revealed-count.ts';

function counting(total: number, list: unknown = null) {
  const seen: number[] = [];
  const hook = renderHook(
    ({ total, list }) => {
      const revealed = useRevealedCount(total, 8, list);
      seen.push(revealed.count);
      return revealed;
    },
    { initialProps: { total, list } },
  );
  return { ...hook, seen };
}

describe('useRevealedCount', () => {
  it('renders the first items with the page, then all of them', async () => {
    const { result, seen } = counting(40);
    expect(seen[0]).toBe(8);
    await waitFor(() => expect(result.current.count).toBe(40));
  });

  it('waits for the list to arrive before counting it out', async () => {
    const { result, rerender, seen } = counting(0);
    rerender({ total: 30, list: null });
    await waitFor(() => expect(result.current.count).toBe(30));
    expect(seen[0]).toBe(0);
    expect(seen).toContain(8);
  });

  it('starts over for another list (the next month)', async () => {
    const { result, rerender, seen } = counting(40, '2026-10');
    await waitFor(() => expect(result.current.count).toBe(40));
    seen.length = 0;
    rerender({ total: 35, list: '2026-11' });
    expect(seen[0]).toBe(8);
    await waitFor(() => expect(result.current.count).toBe(35));
  });

  it('draws a short list whole', () => {
    expect(counting(5).result.current.count).toBe(5);
  });

  it('reveals everything at once for a jump further down, before the transition has run', () => {
    // Outside act(), so the effect's transition has not run when the jump comes.
    const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    const before = actEnvironment.IS_REACT_ACT_ENVIRONMENT;
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
    const container = document.createElement('div');
    const root = createRoot(container);
    let revealed: ReturnType<typeof useRevealedCount> | undefined;
    function List() {
      revealed = useRevealedCount(40, 8);
      return null;
    }
    try {
      flushSync(() => root.render(createElement(List)));
      expect(revealed!.count).toBe(8);
      revealed!.revealAll();
      expect(revealed!.count).toBe(40);
    } finally {
      flushSync(() => root.unmount());
      actEnvironment.IS_REACT_ACT_ENVIRONMENT = before;
    }
  });
});
