import { DomainError } from '../errors.ts';
import { ERROR_CODES, type FeedCard, type FeedCardActionName, type FeedTab, type FeedTrigger, type MentorFeedResponse } from '@meld/shared';
import type { GeneratedCard } from './triggers.ts';

/** The member's state of one card; absent means unread and visible. */
export interface CardState {
  id: string;
  read: boolean;
  /** The member has had the card in front of them (the feed page): it no longer lights Today's dot. */
  seen?: boolean;
  archived: boolean;
  /** ISO instant; the card is hidden until then. */
  snoozedUntil: string | null;
}

export interface FeedState {
  cards: Map<string, CardState>;
  muted: Set<FeedTrigger>;
}

/** Storage for the feed's state; routes pass the store, tests a fake. */
export interface FeedStore {
  loadState(userId: string): Promise<FeedState>;
  putCardStates(userId: string, states: CardState[]): Promise<void>;
  /** Sets `seen` on each card and nothing else, so a read, archive or snooze written meanwhile stays. */
  markCardsSeen(userId: string, ids: string[]): Promise<void>;
  muteTriggers(userId: string, triggers: FeedTrigger[], now: Date): Promise<void>;
}

const TAB_TYPES: Record<Exclude<FeedTab, 'all'>, FeedCard['type']> = { insights: 'insight', nudges: 'nudge', journal: 'journal-prompt', tasks: 'task-nudge' };
const DAY_MS = 86_400_000;

/** The cards the member sees now: muted triggers, archived and still-snoozed cards are left out. */
export function visibleFeed(generated: GeneratedCard[], state: FeedState, now: Date): MentorFeedResponse {
  const cards = generated
    .filter((card) => !state.muted.has(card.trigger))
    .flatMap((card) => {
      const saved = state.cards.get(card.id);
      if (saved?.archived || (saved?.snoozedUntil && Date.parse(saved.snoozedUntil) > now.getTime())) return [];
      return [{ ...card, isRead: saved?.read ?? false }];
    });
  const count = (type: FeedCard['type']) => cards.filter((card) => card.type === type).length;
  return {
    cards,
    counts: { all: cards.length, insights: count(TAB_TYPES.insights), nudges: count(TAB_TYPES.nudges), journal: count(TAB_TYPES.journal), tasks: count(TAB_TYPES.tasks) },
    unread: cards.filter((card) => !card.isRead).length,
    unseen: cards.filter((card) => !card.isRead && !state.cards.get(card.id)?.seen).length,
  };
}

/** Marks every card the member sees now as seen (Today's dot goes out), then answers the feed. */
export async function markFeedSeen(userId: string, generated: GeneratedCard[], store: FeedStore, now: Date): Promise<MentorFeedResponse> {
  const state = await store.loadState(userId);
  const shown = visibleFeed(generated, state, now).cards;
  const unseen = shown.filter((card) => !state.cards.get(card.id)?.seen).map((card) => card.id);
  if (unseen.length > 0) {
    // Not a write of whole states: the member may act on a card between this read and the write.
    await store.markCardsSeen(userId, unseen);
    for (const id of unseen) state.cards.set(id, { ...(state.cards.get(id) ?? { id, read: false, archived: false, snoozedUntil: null }), seen: true });
  }
  return visibleFeed(generated, state, now);
}

export interface CardActionRequest {
  ids: string[];
  action: FeedCardActionName;
  days?: 1 | 7 | undefined;
  /** A single-card call: an id that is not among the member's cards is a 404 rather than ignored. */
  single: boolean;
}

/**
 * Applies an action to the member's cards (those the triggers produce now, hidden or not),
 * then answers the feed as it now stands.
 */
export async function applyCardAction(userId: string, generated: GeneratedCard[], request: CardActionRequest, store: FeedStore, now: Date): Promise<MentorFeedResponse> {
  const known = new Map(generated.map((card) => [card.id, card]));
  const targets = [...new Set(request.ids)].flatMap((id) => (known.has(id) ? [known.get(id)!] : []));
  if (request.single && targets.length === 0) throw new DomainError('not-found', ERROR_CODES.notFound, 'Feed card not found.');
  const state = await store.loadState(userId);
  if (request.action === 'mute-trigger') {
    const triggers = [...new Set(targets.map((card) => card.trigger))].filter((trigger) => !state.muted.has(trigger));
    if (triggers.length > 0) await store.muteTriggers(userId, triggers, now);
    triggers.forEach((trigger) => state.muted.add(trigger));
  } else if (targets.length > 0) {
    const changed = targets.map((card) => {
      const current = state.cards.get(card.id) ?? { id: card.id, read: false, archived: false, snoozedUntil: null };
      if (request.action === 'read') return { ...current, read: true };
      if (request.action === 'archive') return { ...current, archived: true };
      return { ...current, snoozedUntil: new Date(now.getTime() + (request.days ?? 1) * DAY_MS).toISOString() };
    });
    await store.putCardStates(userId, changed);
    changed.forEach((card) => state.cards.set(card.id, card));
  }
  return visibleFeed(generated, state, now);
}
