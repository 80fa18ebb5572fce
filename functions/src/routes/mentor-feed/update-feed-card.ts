import { applyCardAction } from '../../domain/mentor-feed/feed.ts';
import { defineHandler } from '../../http/handler.ts';
import { memberCards, mentorFeedStore } from './feed-deps.ts';

/** One card: an id that is not among the member's cards is a 404. */
export const handler = defineHandler('updateFeedCard', async ({ auth, params, body, now, event }) => {
  const cards = await memberCards(auth.userId, event.headers, now);
  return applyCardAction(auth.userId, cards, { ids: [params.id], action: body.action, days: body.days, single: true }, mentorFeedStore, now);
});
