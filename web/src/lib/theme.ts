import { STORAGE_KEYS } from '@meld/shared';
import { local } from './storage.ts';

export type ThemeChoice = 'light' | 'dark' | 'system';
export type Theme = 'light' | 'dark';

const DARK_QUERY = '(prefers-color-scheme: dark)';

export function readThemeChoice(): ThemeChoice {
  const saved = local.get(STORAGE_KEYS.theme);
  return saved === 'light' || saved === 'dark' ? saved : 'system';
}

function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches;
}

export function resolveTheme(choice: ThemeChoice = readThemeChoice()): Theme {
  if (choice === 'system') return systemPrefersDark() ? 'dark' : 'light';
  return choice;
}

const listeners = new Set<() => void>();

export function applyTheme(theme: Theme = resolveTheme()): void {
  const root = document.documentElement;
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
  for (const listener of listeners) listener();
}

export function currentTheme(): Theme {
  return document.documentElement.classList.contains('dark') ? 'dark' : 'light';
}

export function subscribeTheme(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function setThemeChoice(choice: ThemeChoice): void {
  if (choice === 'system') local.remove(STORAGE_KEYS.theme);
  else local.set(STORAGE_KEYS.theme, choice);
  applyTheme(resolveTheme(choice));
}

/** Flips between light and dark and saves the result as an explicit choice. */
export function toggleTheme(): Theme {
  const next: Theme = currentTheme() === 'dark' ? 'light' : 'dark';
  setThemeChoice(next);
  return next;
}

/** Follows the system preference while the user has not picked a theme. */
export function watchSystemTheme(): () => void {
  if (typeof window.matchMedia !== 'function') return () => {};
  const media = window.matchMedia(DARK_QUERY);
  const onChange = () => {
    if (readThemeChoice() === 'system') applyTheme();
  };
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}
