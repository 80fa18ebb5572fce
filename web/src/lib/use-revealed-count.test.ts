import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useRevealedCount } from './use-revealed-count.ts';

describe('useRevealedCount', () => {
  it('renders the first items with the page, then all of them', async () => {
    const seen: number[] = [];
    const { result } = renderHook(() => {
      const revealed = useRevealedCount(40, 8);
      seen.push(revealed.count);
      return revealed;
    });
    expect(seen[0]).toBe(8);
    await waitFor(() => expect(result.current.count).toBe(40));
  });

  it('waits for the list to arrive before counting it out', async () => {
    const seen: number[] = [];
    const { result, rerender } = renderHook(
      ({ total }) => {
        const revealed = useRevealedCount(total, 8);
        seen.push(revealed.count);
        return revealed;
      },
      { initialProps: { total: 0 } },
    );
    rerender({ total: 30 });
    await waitFor(() => expect(result.current.count).toBe(30));
    expect(seen).toContain(8);
    expect(seen[0]).toBe(0);
  });

  it('reveals everything at once for a jump further down', () => {
    const { result } = renderHook(() => useRevealedCount(40, 8));
    act(() => result.current.revealAll());
    expect(result.current.count).toBe(40);
  });

  it('draws a short list whole', () => {
    const { result } = renderHook(() => useRevealedCount(5, 8));
    expect(result.current.count).toBe(5);
  });
});
