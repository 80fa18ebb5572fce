import { afterEach, describe, expect, it } from 'vitest';
import { applyTheme, readThemeChoice, resolveTheme, setThemeChoice, toggleTheme } from './theme.ts';

afterEach(() => document.documentElement.classList.remove('dark'));

describe('theme', () => {
  it('follows the system preference until the user chooses', () => {
    window.matchMedia = ((query: string) => ({ matches: query.includes('dark'), addEventListener() {}, removeEventListener() {} })) as never;
    expect(readThemeChoice()).toBe('system');
    expect(resolveTheme()).toBe('dark');
    applyTheme();
    expect(document.documentElement).toHaveClass('dark');
  });

  it('saves an explicit choice and toggles between light and dark', () => {
    setThemeChoice('light');
    expect(localStorage.getItem('theme')).toBe('light');
    expect(document.documentElement).not.toHaveClass('dark');
    expect(toggleTheme()).toBe('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(document.documentElement).toHaveClass('dark');
  });
});
