import type { Digest, WinTile } from '@meld/shared';
import type { TFunction } from 'i18next';
import { parseIsoDay } from '@/lib/dates.ts';
import { dateFormat } from '@/lib/date-format.ts';

/** "Nov 3, 2026" for a tile's YYYY-MM-DD day. */
export function formatWinDay(day: string, language: string, month: 'short' | 'long' = 'short'): string {
  const date = parseIsoDay(day);
  return date ? dateFormat(language, { month, day: 'numeric', year: 'numeric' }).format(date) : day;
}

export function monthName(month: number, year: number, language: string): string {
  return dateFormat(language, { month: 'long' }).format(new Date(year, month - 1, 1));
}

/** The plain text a share or Cmd+Enter puts on the clipboard. */
export function winShareText(win: WinTile, t: TFunction, language: string): string {
  const lines: string[] = [t('wins.shareText.heading', { emoji: win.emoji, title: win.title }), t('wins.shareText.achieved', { date: formatWinDay(win.date, language, 'long') })];
  if (win.description) lines.push('', win.description);
  if (win.impact.length > 0) lines.push('', t('wins.shareText.impact'), ...win.impact.map((point) => `• ${point}`));
  if (win.tags.length > 0) lines.push('', win.tags.map((tag) => `#${tag.replace(/\s+/g, '')}`).join(' '));
  return lines.join('\n');
}

export function digestShareText(digest: Digest, t: TFunction, language: string): string {
  const month = monthName(digest.month, digest.year, language);
  const head = t('wins.digest.shareText', { month, year: String(digest.year), count: digest.tileCount });
  return [head, ...digest.previewTiles.map((tile) => `${tile.emoji} ${tile.title}`)].join('\n');
}
