import { useSyncExternalStore } from 'react';
import { currentTheme, subscribeTheme, type Theme } from './theme.ts';

export function useTheme(): Theme {
  return useSyncExternalStore(subscribeTheme, currentTheme, () => 'light');
}
