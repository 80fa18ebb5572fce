import { dateFormat } from '@/lib/date-format.ts';
/** "November 22, 2026": the share page always uses the long US form (spec 000 section 2). */
export function formatShareDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateFormat('en-US', { dateStyle: 'long' }).format(date);
}

/** The browser title: the conversation title, plus the app title when both exist. */
export function shareDocumentTitle(title: string | undefined, appTitle: string | undefined): string {
  const parts = [title?.trim(), appTitle?.trim()].filter(Boolean);
  return parts.join(' | ');
}

/** Custom footer text: its parts are separated by `|`; empty parts are dropped. */
export function footerParts(customFooter: string | undefined): string[] {
  return (customFooter ?? '')
    .split('|')
    .map((part) => part.trim())
    .filter(Boolean);
}
