import type { WinTile } from '@meld/shared';

/** The tag filter's "All tags" value (spec 002 section 9: the default is "all"). */
export const ALL_TAGS = 'all';

/** Search covers title and description, case-insensitively (spec 002 section 5); the tag must match exactly. */
export function filterWins(wins: readonly WinTile[], search: string, tag: string): WinTile[] {
  const needle = search.trim().toLocaleLowerCase();
  return wins.filter((win) => {
    if (tag !== ALL_TAGS && !win.tags.includes(tag)) return false;
    if (!needle) return true;
    return win.title.toLocaleLowerCase().includes(needle) || win.description.toLocaleLowerCase().includes(needle);
  });
}

/** Every tag in use, once, alphabetically. */
export function tagsInUse(wins: readonly WinTile[]): string[] {
  return [...new Set(wins.flatMap((win) => win.tags))].sort((a, b) => a.localeCompare(b));
}

/** Pinned tiles first, then the newest achievements. */
export function orderForGallery(wins: readonly WinTile[]): WinTile[] {
  return [...wins].sort((a, b) => Number(b.isPinned) - Number(a.isPinned) || b.achievedAt.localeCompare(a.achievedAt));
}

/** Timeline groups by day, newest day first, each day newest first. */
export function groupByDay(wins: readonly WinTile[]): { date: string; wins: WinTile[] }[] {
  const days = new Map<string, WinTile[]>();
  for (const win of [...wins].sort((a, b) => b.achievedAt.localeCompare(a.achievedAt))) {
    const list = days.get(win.date) ?? [];
    list.push(win);
    days.set(win.date, list);
  }
  return [...days.entries()].sort(([a], [b]) => b.localeCompare(a)).map(([date, list]) => ({ date, wins: list }));
}

/** "a, b ,, c" → ["a", "b", "c"], without repeats. */
export function parseTags(text: string): string[] {
  return [...new Set(text.split(',').map((tag) => tag.trim()).filter(Boolean))];
}
