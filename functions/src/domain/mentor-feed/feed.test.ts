import type { FeedTrigger } from '@meld/shared';
import { describe, expect, it } from 'vitest';
import { applyCardAction, markFeedSeen, visibleFeed, type CardState, type FeedState, type FeedStore } from './feed.ts';
import type { GeneratedCard } from './triggers.ts';

const now = new Date('2026-03-10T09:00:00Z');
const card = (id: string, trigger: FeedTrigger, type: GeneratedCard['type']): GeneratedCard => ({
  id, type, trigger, title: id, content: '', timestamp: '2026-03-10T12:00:00.000Z', source: '', sourceDetails: '',
  primaryAction: { label: 'Go', href: '/today' }, secondaryAction: null, canSnooze: true, canMute: true,
});
const cards = [card('recharge-1', 'recharge', 'nudge'), card('theme-1', 'theme-growth', 'insight'), card('theme-2', 'theme-growth', 'insight')];

function fakeStore(): FeedStore & { state: FeedState } {
  const state: FeedState = { cards: new Map(), muted: new Set() };
  return {
    state,
    loadState: async () => ({ cards: new Map(state.cards), muted: new Set(state.muted) }),
    putCardStates: async (_user, states: CardState[]) => states.forEach((entry) => state.cards.set(entry.id, entry)),
    markCardsSeen: async (_user, ids) => ids.forEach((id) => state.cards.set(id, { ...(state.cards.get(id) ?? { id, read: false, archived: false, snoozedUntil: null }), seen: true })),
    muteTriggers: async (_user, triggers) => triggers.forEach((trigger) => state.muted.add(trigger)),
  };
}

describe('feed state', () => {
  it('keeps an action the member took on a card while the feed was being marked seen', async () => {
    const store = fakeStore();
    // The feed page's request read the states, then the member archived a card before its write.
    const stale = store.loadState;
    store.loadState = async (user) => {
      const read = await stale(user);
      store.state.cards.set('theme-2', { id: 'theme-2', read: true, archived: true, snoozedUntil: null });
      return read;
    };
    await markFeedSeen('u1', cards, store, now);
    expect(store.state.cards.get('theme-2')).toMatchObject({ read: true, archived: true, seen: true });
  });

  it('counts every visible card per tab and the unread ones', () => {
    const feed = visibleFeed(cards, { cards: new Map([['theme-1', { id: 'theme-1', read: true, archived: false, snoozedUntil: null }]]), muted: new Set() }, now);
    expect(feed.counts).toEqual({ all: 3, insights: 2, nudges: 1, journal: 0, tasks: 0 });
    expect(feed.unread).toBe(2);
  });

  it('counts unread cards not yet seen; marking the feed seen keeps read state and survives later actions', async () => {
    const store = fakeStore();
    store.state.cards.set('theme-1', { id: 'theme-1', read: true, archived: false, snoozedUntil: null });
    expect(visibleFeed(cards, store.state, now).unseen).toBe(2);
    const seen = await markFeedSeen('u1', cards, store, now);
    expect(seen).toMatchObject({ unread: 2, unseen: 0 });
    expect(store.state.cards.get('theme-1')).toMatchObject({ read: true, seen: true });
    await applyCardAction('u1', cards, { ids: ['recharge-1'], action: 'read', single: true }, store, now);
    expect(store.state.cards.get('recharge-1')).toMatchObject({ read: true, seen: true });
    // A card that shows up afterwards lights the dot again.
    expect(visibleFeed([...cards, card('gap-1', 'compass-gap', 'nudge')], store.state, now).unseen).toBe(1);
  });

  it('hides a snoozed card until the snooze ends', async () => {
    const store = fakeStore();
    const feed = await applyCardAction('u1', cards, { ids: ['recharge-1'], action: 'snooze', days: 7, single: true }, store, now);
    expect(feed.cards.map((entry) => entry.id)).toEqual(['theme-1', 'theme-2']);
    expect(store.state.cards.get('recharge-1')?.snoozedUntil).toBe('2026-03-17T09:00:00.000Z');
    expect(visibleFeed(cards, store.state, new Date('2026-03-17T09:00:01Z')).cards.map((entry) => entry.id)).toContain('recharge-1');
  });

  it('muting one card silences every card of its trigger', async () => {
    const store = fakeStore();
    const feed = await applyCardAction('u1', cards, { ids: ['theme-1'], action: 'mute-trigger', single: false }, store, now);
    expect(feed.cards.map((entry) => entry.id)).toEqual(['recharge-1']);
    expect([...store.state.muted]).toEqual(['theme-growth']);
  });

  it('ignores unknown ids in bulk and refuses them singly', async () => {
    const store = fakeStore();
    const feed = await applyCardAction('u1', cards, { ids: ['nope', 'theme-2'], action: 'read', single: false }, store, now);
    expect(feed.cards.find((entry) => entry.id === 'theme-2')?.isRead).toBe(true);
    expect([...store.state.cards.keys()]).toEqual(['theme-2']);
    await expect(applyCardAction('u1', cards, { ids: ['nope'], action: 'archive', single: true }, store, now)).rejects.toMatchObject({ kind: 'not-found' });
  });

  it('archives a card for good', async () => {
    const store = fakeStore();
    await applyCardAction('u1', cards, { ids: ['recharge-1', 'theme-1'], action: 'archive', single: false }, store, now);
    expect(visibleFeed(cards, store.state, new Date('2027-01-01T00:00:00Z')).cards.map((entry) => entry.id)).toEqual(['theme-2']);
  });
});
