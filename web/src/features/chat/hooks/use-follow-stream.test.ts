import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useFollowStream } from './use-follow-stream.ts';

function page(scrollHeight: number, scrollY: number) {
  vi.spyOn(document.documentElement, 'scrollHeight', 'get').mockReturnValue(scrollHeight);
  vi.spyOn(window, 'scrollY', 'get').mockReturnValue(scrollY);
  vi.spyOn(window, 'innerHeight', 'get').mockReturnValue(800);
  return vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
}

describe('useFollowStream', () => {
  it('follows each new token while the reader is at the end', () => {
    const scrollTo = page(2_000, 1_150);
    const { rerender } = renderHook(({ at }) => useFollowStream(at, true), { initialProps: { at: 'a' } });
    rerender({ at: 'b' });
    expect(scrollTo).toHaveBeenCalledTimes(2);
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 2_000 });
  });

  it('leaves a reader who scrolled up where they are, and does nothing without a stream', () => {
    const scrolledUp = page(5_000, 1_000);
    renderHook(() => useFollowStream('a', true));
    expect(scrolledUp).not.toHaveBeenCalled();
    const atEnd = page(2_000, 1_200);
    renderHook(() => useFollowStream('a', false));
    expect(atEnd).not.toHaveBeenCalled();
  });
});
