import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, setSession } from '@/lib/auth-session.ts';
import { draftStorageKey } from '@/lib/draft-storage.ts';
import { testUser } from '@/test/fixtures.ts';
import { DRAFT_DEBOUNCE_MS, draftKey, resetDraftsForTests, useDraft, type DraftFile } from './use-draft.ts';

const chart: DraftFile = { file_id: 'img-1', filename: 'chart.png', filepath: '/api/files/download/u1/img-1', type: 'image/png', bytes: 300 };
const saved = (conversationId: string | null) => JSON.parse(localStorage.getItem(draftKey(conversationId)) ?? 'null') as unknown;

beforeEach(() => {
  vi.useFakeTimers();
  setSession('tok', testUser, { broadcast: false });
});

describe('useDraft', () => {
  it('saves the text 2.5 s after the last change, per member and conversation', () => {
    const { result } = renderHook(() => useDraft('c1'));
    act(() => result.current.setText('Half a thought'));
    act(() => vi.advanceTimersByTime(DRAFT_DEBOUNCE_MS - 100));
    act(() => result.current.setText('Half a thought, more'));
    act(() => vi.advanceTimersByTime(DRAFT_DEBOUNCE_MS - 100));
    expect(saved('c1')).toBeNull();
    act(() => vi.advanceTimersByTime(100));
    expect(draftKey('c1')).toBe(draftStorageKey(testUser.id, 'c1'));
    expect(saved('c1')).toEqual({ text: 'Half a thought, more', files: [] });
    expect(saved(null)).toBeNull();
  });

  it('saves attached files at once and brings text and files back after a reload', () => {
    const { result, unmount } = renderHook(() => useDraft(null));
    act(() => result.current.setText('What does this show?'));
    act(() => result.current.setFiles([chart]));
    expect(saved(null)).toEqual({ text: 'What does this show?', files: [chart] });
    unmount();
    resetDraftsForTests();
    const again = renderHook(() => useDraft(null));
    expect(again.result.current.text).toBe('What does this show?');
    expect(again.result.current.files).toEqual([chart]);
  });

  it('empties the box as a send starts but keeps the saved copy until the send is accepted', () => {
    const { result } = renderHook(() => useDraft('c1'));
    act(() => result.current.setText('Send me'));
    act(() => result.current.clear());
    expect(result.current.text).toBe('');
    expect(saved('c1')).toEqual({ text: 'Send me', files: [] });
    act(() => result.current.accepted());
    expect(saved('c1')).toBeNull();
  });

  it('gives a refused send back with why, keeping what was typed meanwhile, and forgets the why on dismiss', () => {
    const { result } = renderHook(() => useDraft('c1'));
    act(() => result.current.clear());
    act(() => result.current.setText('Also this'));
    act(() => result.current.refused({ text: 'Look at this', files: [chart] }, { code: 'no_user_key', message: 'Provide your own API key' }));
    expect(result.current).toMatchObject({ text: 'Look at this\n\nAlso this', files: [chart], refusal: { code: 'no_user_key' } });
    expect(saved('c1')).toEqual({ text: 'Look at this\n\nAlso this', files: [chart] });
    act(() => result.current.dismissRefusal());
    expect(result.current.refusal).toBeUndefined();
  });

  it('with saving off reads and writes nothing, and the draft goes once no composer shows it', () => {
    localStorage.setItem(draftKey('c1'), JSON.stringify({ text: 'From before', files: [] }));
    const { result, unmount } = renderHook(() => useDraft('c1', false));
    expect(result.current.text).toBe('');
    act(() => result.current.setText('Not for keeping'));
    act(() => result.current.setFiles([chart]));
    act(() => vi.advanceTimersByTime(DRAFT_DEBOUNCE_MS));
    expect(saved('c1')).toEqual({ text: 'From before', files: [] });
    unmount();
    act(() => vi.advanceTimersByTime(1));
    expect(renderHook(() => useDraft('c1', false)).result.current.text).toBe('');
  });

  it("is another member's own: one member's draft is not another's, and signing out forgets them all", () => {
    const { result, unmount } = renderHook(() => useDraft(null));
    act(() => result.current.setFiles([chart]));
    unmount();
    setSession('tok2', { ...testUser, id: 'someone-else' }, { broadcast: false });
    expect(renderHook(() => useDraft(null)).result.current.files).toEqual([]);
    expect(localStorage.getItem(draftStorageKey(testUser.id, null))).not.toBeNull();
    clearSession({ signedOut: true, broadcast: false });
    expect(localStorage.getItem(draftStorageKey(testUser.id, null))).toBeNull();
  });
});
