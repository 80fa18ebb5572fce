import type { Fragment, LogDayCount, LogEntry, WinTile, WovenReflection } from '@meld/shared';
import { buildCompassDay, type DayInteraction } from '../compass/compass-days.ts';
import { localDate } from '../compass/local-time.ts';
import { itemLinks } from '../item-links.ts';
import { daysOf, type LogWindow } from './month.ts';
import { valueTag } from './value-tags.ts';

/** An interaction as the log reads it: the compass day's fields plus the evening's question. */
export type LogInteraction = DayInteraction & { interactionMeta: DayInteraction['interactionMeta'] & { generatedQuestion?: string | undefined } };

type Optional = 'title' | 'aiEcho' | 'echoSource' | 'prompt' | 'mood' | 'energy' | 'isPinned' | 'tags' | 'impact';
const blank: Pick<LogEntry, Optional> = { title: null, aiEcho: null, echoSource: null, prompt: null, mood: null, energy: null, isPinned: false, tags: [], impact: [] };

/**
 * One compass entry per day (mood, energy and the intention note) and one entry per evening
 * reflection, with its daily summary (an AI echo when the coach wrote it). Win interactions are left to the wins.
 */
export function interactionEntries(interactions: readonly LogInteraction[]): LogEntry[] {
  const byDate = new Map<string, LogInteraction[]>();
  for (const interaction of interactions) byDate.set(interaction.date, [...(byDate.get(interaction.date) ?? []), interaction]);
  const entries: LogEntry[] = [];
  for (const [date, list] of byDate) {
    const day = buildCompassDay(date, list);
    const compassIds = [day.moodInteractionId, day.energyInteractionId, day.noteInteractionId].filter((id) => id !== null);
    if (compassIds.length > 0) {
      const first = list.filter((item) => compassIds.includes(item._id)).map((item) => item.capturedAt).sort()[0] ?? `${date}T00:00:00.000Z`;
      const content = day.note ?? '';
      entries.push({ ...blank, id: `compass:${date}`, type: 'compass', content, timestamp: first, date, mood: day.mood, energy: day.energy, valueTag: valueTag('compass', content), link: itemLinks.day(date) });
    }
    const evening = list.find((item) => item._id === day.reflectionInteractionId);
    if (evening && day.eveningNote !== null) {
      entries.push({
        ...blank,
        id: `reflection:${evening._id}`,
        type: 'reflection',
        content: day.eveningNote,
        timestamp: evening.capturedAt,
        date,
        aiEcho: day.dailySummary,
        echoSource: day.summarySource,
        prompt: evening.interactionMeta.generatedQuestion?.trim() || null,
        valueTag: valueTag('reflection', day.eveningNote),
        link: itemLinks.day(date),
      });
    }
  }
  return entries;
}

export function fragmentEntry(fragment: Fragment, timeZone: string): LogEntry {
  return {
    ...blank,
    id: `fragment:${fragment.id}`,
    type: 'fragment',
    content: fragment.content,
    timestamp: fragment.timestamp,
    date: localDate(new Date(fragment.timestamp), timeZone),
    isPinned: fragment.isPinned,
    tags: fragment.tags,
    valueTag: valueTag('fragment', fragment.content, fragment.type),
    link: itemLinks.fragment(fragment.id),
  };
}

export function weaveEntry(weave: WovenReflection, timeZone: string): LogEntry {
  return {
    ...blank,
    id: `weave:${weave.id}`,
    type: 'weave',
    title: weave.title,
    content: weave.body,
    timestamp: weave.createdAt,
    date: localDate(new Date(weave.createdAt), timeZone),
    valueTag: valueTag('weave', weave.body),
    // No page shows one woven reflection: its source is the fragments it was woven from.
    link: itemLinks.woven(weave.fragmentIds),
  };
}

export function winEntry(win: WinTile): LogEntry {
  return {
    ...blank,
    id: `win:${win.id}`,
    type: 'win',
    title: win.title,
    content: win.description,
    timestamp: win.achievedAt,
    date: win.date,
    isPinned: win.isPinned,
    tags: win.tags,
    impact: win.impact,
    valueTag: valueTag('win', `${win.title} ${win.description}`),
    link: itemLinks.win(win.id),
  };
}

/** A coach reply the member marked, on the day of the mark, under its thread's title. */
export interface LogCoachHighlight {
  threadId: string;
  messageId: string;
  markedAt: string;
  excerpt: string;
  threadTitle: string;
}

export function coachEntry(highlight: LogCoachHighlight, timeZone: string): LogEntry {
  return {
    ...blank,
    id: `coach:${highlight.threadId}:${highlight.messageId}`,
    type: 'coach',
    title: highlight.threadTitle,
    content: highlight.excerpt,
    timestamp: highlight.markedAt,
    date: localDate(new Date(highlight.markedAt), timeZone),
    valueTag: valueTag('coach', highlight.excerpt),
    link: itemLinks.coachThread(highlight.threadId),
  };
}

/** Newest first: by local day, then time, then id so equal instants keep one order. */
function newestFirst(a: LogEntry, b: LogEntry): number {
  return b.date.localeCompare(a.date) || b.timestamp.localeCompare(a.timestamp) || a.id.localeCompare(b.id);
}

/** The month's timeline: entries of its days only, newest first, and every day's count for the chart. */
export function assembleTimeline(entries: readonly LogEntry[], window: Pick<LogWindow, 'from' | 'to'>): { entries: LogEntry[]; days: LogDayCount[] } {
  const inMonth = entries.filter((entry) => entry.date >= window.from && entry.date <= window.to).sort(newestFirst);
  const counts = new Map<string, number>();
  for (const entry of inMonth) counts.set(entry.date, (counts.get(entry.date) ?? 0) + 1);
  return { entries: inMonth, days: daysOf(window).map((date) => ({ date, count: counts.get(date) ?? 0 })) };
}
