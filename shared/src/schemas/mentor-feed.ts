import * as z from 'zod';
import { FEED_CARD_TYPES, FEED_TABS, FEED_TRIGGERS } from '../mentor-feed-constants.ts';

export { FEED_CARD_TYPES, FEED_TABS, FEED_TRIGGERS, MENTOR_FEED } from '../mentor-feed-constants.ts';
export type { FeedCardType, FeedTab, FeedTrigger } from '../mentor-feed-constants.ts';

export const feedActionSchema = z.object({ label: z.string(), href: z.string() });
export type FeedAction = z.infer<typeof feedActionSchema>;

export const feedCardSchema = z.object({
  /** Stable per trigger occurrence, so the member's read/archive/snooze state sticks. */
  id: z.string(),
  type: z.enum(FEED_CARD_TYPES),
  trigger: z.enum(FEED_TRIGGERS),
  title: z.string(),
  content: z.string(),
  timestamp: z.string(),
  source: z.string(),
  sourceDetails: z.string(),
  primaryAction: feedActionSchema,
  secondaryAction: feedActionSchema.nullable(),
  isRead: z.boolean(),
  canSnooze: z.boolean(),
  canMute: z.boolean(),
});
export type FeedCard = z.infer<typeof feedCardSchema>;

export const mentorFeedResponse = z.object({
  cards: z.array(feedCardSchema),
  /** Cards per tab (all the visible ones, read or not). */
  counts: z.record(z.enum(FEED_TABS), z.int().min(0)),
  unread: z.int().min(0),
  /** Unread cards the member has not had in front of them yet: Today's notification dot. */
  unseen: z.int().min(0),
});
export type MentorFeedResponse = z.infer<typeof mentorFeedResponse>;

const cardId = z.string().min(1).max(200);
export const FEED_CARD_ACTIONS = ['read', 'archive', 'snooze', 'mute-trigger'] as const;
export type FeedCardActionName = (typeof FEED_CARD_ACTIONS)[number];

/** `days` (1 or 7) is required with snooze and ignored otherwise. */
export const feedCardAction = z
  .object({ action: z.enum(FEED_CARD_ACTIONS), days: z.union([z.literal(1), z.literal(7)]).optional() })
  .refine((value) => value.action !== 'snooze' || value.days !== undefined, { message: 'Snooze needs days (1 or 7)', path: ['days'] });
export type FeedCardAction = z.infer<typeof feedCardAction>;

/** Bulk: ids that are not the member's cards are ignored. */
export const updateFeedCardsBody = z
  .object({ ids: z.array(cardId).min(1).max(100), action: z.enum(FEED_CARD_ACTIONS), days: z.union([z.literal(1), z.literal(7)]).optional() })
  .refine((value) => value.action !== 'snooze' || value.days !== undefined, { message: 'Snooze needs days (1 or 7)', path: ['days'] });
export type UpdateFeedCardsBody = z.infer<typeof updateFeedCardsBody>;
export const feedCardParams = z.object({ id: cardId });
