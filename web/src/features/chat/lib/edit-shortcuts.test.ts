import { describe, expect, it } from 'vitest';
import { editCommandFor } from './edit-shortcuts.ts';

const key = (value: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean; isComposing: boolean }> = {}) => ({
  key: value,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...mods,
});

describe('editCommandFor', () => {
  it('saves and submits on Ctrl+Enter and Cmd+Enter', () => {
    expect(editCommandFor(key('Enter', { ctrlKey: true }))).toBe('saveAndSubmit');
    expect(editCommandFor(key('Enter', { metaKey: true }))).toBe('saveAndSubmit');
  });

  it('saves on Ctrl+S and Cmd+S, whatever the letter case', () => {
    expect(editCommandFor(key('s', { ctrlKey: true }))).toBe('save');
    expect(editCommandFor(key('S', { metaKey: true }))).toBe('save');
  });

  it('cancels on Escape', () => {
    expect(editCommandFor(key('Escape'))).toBe('cancel');
  });

  it('leaves typing alone: plain Enter, plain s, Shift+Ctrl+S and keys during IME composition', () => {
    expect(editCommandFor(key('Enter'))).toBeNull();
    expect(editCommandFor(key('s'))).toBeNull();
    expect(editCommandFor(key('S', { ctrlKey: true, shiftKey: true }))).toBeNull();
    expect(editCommandFor(key('Enter', { ctrlKey: true, isComposing: true }))).toBeNull();
  });
});
