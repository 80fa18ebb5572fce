import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DRAFT_DEBOUNCE_MS, draftKey, useDraft } from './use-draft.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('useDraft', () => {
  it('saves the draft 2.5 s after the last change, per conversation', () => {
    const { result } = renderHook(() => useDraft('c1'));
    act(() => result.current.setText('Half a thought'));
    act(() => vi.advanceTimersByTime(DRAFT_DEBOUNCE_MS - 100));
    act(() => result.current.setText('Half a thought, more'));
    act(() => vi.advanceTimersByTime(DRAFT_DEBOUNCE_MS - 100));
    expect(localStorage.getItem(draftKey('c1'))).toBeNull();
    act(() => vi.advanceTimersByTime(100));
    expect(localStorage.getItem(draftKey('c1'))).toBe('Half a thought, more');
    expect(localStorage.getItem(draftKey(null))).toBeNull();
  });

  it('comes back with the saved draft and forgets it when cleared', () => {
    localStorage.setItem(draftKey(null), 'Where was I');
    const { result } = renderHook(() => useDraft(null));
    expect(result.current.text).toBe('Where was I');
    act(() => result.current.setText('Where was I?'));
    act(() => result.current.clear());
    act(() => vi.advanceTimersByTime(DRAFT_DEBOUNCE_MS));
    expect(result.current.text).toBe('');
    expect(localStorage.getItem(draftKey(null))).toBeNull();
  });
});
