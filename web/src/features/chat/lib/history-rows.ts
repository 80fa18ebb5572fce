import type { Conversation } from '@meld/shared';
import { groupByDate, type DateGroup } from './date-groups.ts';

export type HistoryRow = { kind: 'header'; key: string; group: DateGroup } | { kind: 'convo'; key: string; conversation: Conversation };

/** The flat row list the virtualised sidebar draws: a date header before each section. */
export function historyRows(conversations: readonly Conversation[], now: Date): HistoryRow[] {
  const rows: HistoryRow[] = [];
  for (const section of groupByDate(conversations, (convo) => convo.updatedAt, now)) {
    rows.push({ kind: 'header', key: `header-${section.key}`, group: section.group });
    for (const conversation of section.items) rows.push({ kind: 'convo', key: conversation.conversationId, conversation });
  }
  return rows;
}

/** Spec 000 section 9: load more within 8 rows of the end or past 97% of the scroll height. */
export const LOAD_MORE_ROWS = 8;
export const LOAD_MORE_SCROLL_RATIO = 0.97;

export function nearEnd(lastVisibleIndex: number, rowCount: number, scroll: { top: number; height: number; viewport: number }): boolean {
  if (rowCount === 0) return false;
  if (lastVisibleIndex >= rowCount - LOAD_MORE_ROWS) return true;
  return scroll.height > 0 && (scroll.top + scroll.viewport) / scroll.height >= LOAD_MORE_SCROLL_RATIO;
}
