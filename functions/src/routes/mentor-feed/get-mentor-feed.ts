import { visibleFeed } from '../../domain/mentor-feed/feed.ts';
import { defineHandler } from '../../http/handler.ts';
import { memberCards, mentorFeedStore } from './feed-deps.ts';

export const handler = defineHandler('getMentorFeed', async ({ auth, now, event }) => {
  const [cards, state] = await Promise.all([memberCards(auth.userId, event.headers, now), mentorFeedStore.loadState(auth.userId)]);
  return visibleFeed(cards, state, now);
});
