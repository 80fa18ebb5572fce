import { STATE_SUGGESTIONS_MAX, US_STATES } from '@meld/shared';

/** Up to five case-insensitive matches: names starting with the text first, then other matches. */
export function suggestStates(query: string): string[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [];
  if (US_STATES.some((state) => state.toLowerCase() === needle)) return [];
  const starts = US_STATES.filter((state) => state.toLowerCase().startsWith(needle));
  const contains = US_STATES.filter((state) => !state.toLowerCase().startsWith(needle) && state.toLowerCase().includes(needle));
  return [...starts, ...contains].slice(0, STATE_SUGGESTIONS_MAX);
}
