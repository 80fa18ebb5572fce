import type { Conversation, Fragment, LogEntry, WinTile, WovenReflection } from '@meld/shared';
import { DEFAULT_TITLE } from '../chat/ensure-title.ts';
import type { LogWindow } from './month.ts';
import { coachEntry, fragmentEntry, interactionEntries, weaveEntry, winEntry, type LogInteraction } from './timeline.ts';

/**
 * One kind of log entry, read for a month with as few queries as its store allows. The entries
 * need the user's zone, which may still be loading, so a source answers with a function of it.
 */
export interface LoadedSource {
  entries(timeZone: string): LogEntry[];
  /** The local day of the user's first entry of this kind, when the source knows it. */
  firstDate?: string | undefined;
}
export type LogSource = (userId: string, window: LogWindow) => Promise<LoadedSource>;

export interface InteractionReader {
  interactionsBetween(userId: string, from: string, to: string): Promise<LogInteraction[]>;
  listInteractions(userId: string, options: { limit: number; direction: 'asc' | 'desc' }): Promise<{ date: string }[]>;
}

/** Compass days and evening reflections: the month's days in one range query, the first day in another. */
export function interactionSource(store: InteractionReader): LogSource {
  return async (userId, window) => {
    const [interactions, [first]] = await Promise.all([
      store.interactionsBetween(userId, window.from, window.to),
      store.listInteractions(userId, { limit: 1, direction: 'asc' }),
    ]);
    return { entries: () => interactionEntries(interactions), firstDate: first?.date };
  };
}

/** Wins: the user's wins in one query (the vault reads them the same way), kept to the month. */
export function winSource(store: { listWins(userId: string): Promise<WinTile[]> }): LogSource {
  return async (userId) => {
    const wins = await store.listWins(userId);
    const firstDate = wins.map((win) => win.date).sort()[0];
    return { entries: () => wins.map(winEntry), firstDate };
  };
}

/** Fragments captured in the month's instants (a day wider; the timeline keeps the local month). */
export function fragmentSource(store: { listFragmentsBetween(userId: string, from: string, to: string): Promise<Fragment[]> }): LogSource {
  return async (userId, window) => {
    const fragments = await store.listFragmentsBetween(userId, window.fromInstant, window.toInstant);
    return { entries: (timeZone) => fragments.map((fragment) => fragmentEntry(fragment, timeZone)) };
  };
}

export function weaveSource(store: { listWovenReflectionsBetween(userId: string, from: string, to: string): Promise<WovenReflection[]> }): LogSource {
  return async (userId, window) => {
    const weaves = await store.listWovenReflectionsBetween(userId, window.fromInstant, window.toInstant);
    return { entries: (timeZone) => weaves.map((weave) => weaveEntry(weave, timeZone)) };
  };
}

export interface CoachHighlightReader {
  listCoachHighlightsBetween(userId: string, from: string, to: string): Promise<{ threadId: string; conversationId: string; messageId: string; markedAt: string; excerpt: string }[]>;
  getConversations(userId: string, conversationIds: string[]): Promise<Pick<Conversation, 'conversationId' | 'title'>[]>;
}

/**
 * Coach replies marked in the month's instants: one range query, then one batch read of their
 * threads' titles (skipped when there are none), so no thread's messages are read.
 */
export function coachHighlightSource(store: CoachHighlightReader): LogSource {
  return async (userId, window) => {
    const highlights = await store.listCoachHighlightsBetween(userId, window.fromInstant, window.toInstant);
    const ids = [...new Set(highlights.map((highlight) => highlight.conversationId))];
    const titles = new Map((ids.length ? await store.getConversations(userId, ids) : []).map((conversation) => [conversation.conversationId, conversation.title]));
    return {
      entries: (timeZone) => highlights.map((highlight) => coachEntry({ ...highlight, threadTitle: titles.get(highlight.conversationId) ?? DEFAULT_TITLE }, timeZone)),
    };
  };
}
