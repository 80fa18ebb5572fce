// Plain values of this contract, apart from its zod schemas so that pages which only read them do
// not ship zod (see conversation-constants.ts).

/** The mentor feed (spec 002): cards the server derives from the member's own records. */
export const FEED_CARD_TYPES = ['insight', 'nudge', 'journal-prompt', 'task-nudge'] as const;
export type FeedCardType = (typeof FEED_CARD_TYPES)[number];

/** What produced a card; muting one stops its cards. */
export const FEED_TRIGGERS = ['recharge', 'goal-drift', 'unreflected-win', 'theme-growth', 'compass-gap'] as const;
export type FeedTrigger = (typeof FEED_TRIGGERS)[number];

export const MENTOR_FEED = {
  /** Energy below this, three local days running, asks for a recharge. */
  lowEnergy: 40,
  lowEnergyDays: 3,
  /** Days without a compass answer before the gentle nudge. */
  compassGapDays: 3,
  /** A theme's fragments up at least this much on the 30 days before. */
  themeGrowthPercent: 25,
  /** Wins older than this many days no longer ask for a reflection. */
  winLookbackDays: 7,
  snoozeDays: [1, 7] as const,
} as const;

export const FEED_TABS = ['all', 'insights', 'nudges', 'journal', 'tasks'] as const;
export type FeedTab = (typeof FEED_TABS)[number];
