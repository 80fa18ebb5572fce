import { FEED_TRIGGERS, type FeedTrigger } from '@meld/shared';
import type { CardState, FeedState } from '../domain/mentor-feed/feed.ts';
import { keys } from './keys.ts';
import { table, type Keys } from './table.ts';

type CardItem = CardState & Keys & { entity: 'feedCard' };
type MuteItem = Keys & { entity: 'feedMute'; trigger: FeedTrigger; mutedAt: string };

/** Every card state and muted trigger of the member: one query. */
export async function loadState(userId: string): Promise<FeedState> {
  const items = await table.queryAll<CardItem | MuteItem>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.userPartition(userId), ':prefix': keys.feedPrefix },
    ConsistentRead: true,
  });
  const state: FeedState = { cards: new Map(), muted: new Set() };
  for (const item of items) {
    if (item.entity === 'feedCard') state.cards.set(item.id, { id: item.id, read: item.read, seen: item.seen ?? false, archived: item.archived, snoozedUntil: item.snoozedUntil });
    else if ((FEED_TRIGGERS as readonly string[]).includes(item.trigger)) state.muted.add(item.trigger);
  }
  return state;
}

export async function putCardStates(userId: string, states: CardState[]): Promise<void> {
  await table.batchWrite(states.map((state) => ({ ...keys.feedCard(userId, state.id), entity: 'feedCard', ...state })));
}

/**
 * Marks cards seen: `seen` set, the rest only where the card has no state yet. Whole-item writes
 * here undid a read, archive or snooze the member made while the feed page asked.
 */
export async function markCardsSeen(userId: string, ids: string[]): Promise<void> {
  await Promise.all(
    ids.map((id) =>
      table.update(keys.feedCard(userId, id), {
        UpdateExpression:
          'SET #seen = :yes, #entity = if_not_exists(#entity, :entity), #id = if_not_exists(#id, :id), #read = if_not_exists(#read, :no), #archived = if_not_exists(#archived, :no), #snoozedUntil = if_not_exists(#snoozedUntil, :none)',
        ExpressionAttributeNames: { '#seen': 'seen', '#entity': 'entity', '#id': 'id', '#read': 'read', '#archived': 'archived', '#snoozedUntil': 'snoozedUntil' },
        ExpressionAttributeValues: { ':yes': true, ':entity': 'feedCard', ':id': id, ':no': false, ':none': null },
      }),
    ),
  );
}

export async function muteTriggers(userId: string, triggers: FeedTrigger[], now: Date): Promise<void> {
  await table.batchWrite(triggers.map((trigger) => ({ ...keys.feedMute(userId, trigger), entity: 'feedMute', trigger, mutedAt: now.toISOString() })));
}
