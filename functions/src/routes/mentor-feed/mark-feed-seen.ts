import { markFeedSeen } from '../../domain/mentor-feed/feed.ts';
import { defineHandler } from '../../http/handler.ts';
import { memberCards, mentorFeedStore } from './feed-deps.ts';

export const handler = defineHandler('markFeedSeen', async ({ auth, now, event }) => markFeedSeen(auth.userId, await memberCards(auth.userId, event.headers, now), mentorFeedStore, now));
