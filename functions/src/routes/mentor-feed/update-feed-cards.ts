import { applyCardAction } from '../../domain/mentor-feed/feed.ts';
import { defineHandler } from '../../http/handler.ts';
import { memberCards, mentorFeedStore } from './feed-deps.ts';

/** Bulk: ids that are not among the member's cards are ignored. */
export const handler = defineHandler('updateFeedCards', async ({ auth, body, now, event }) => {
  const cards = await memberCards(auth.userId, event.headers, now);
  return applyCardAction(auth.userId, cards, { ids: body.ids, action: body.action, days: body.days, single: false }, mentorFeedStore, now);
});
