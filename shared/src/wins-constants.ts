// Plain values of this contract, apart from its zod schemas so that pages which only read them do
// not ship zod (see conversation-constants.ts).

/** Wins vault (issue 5): achievement tiles and the monthly digest. */
export const WIN_LIMITS = {
  titleMax: 200,
  descriptionMax: 5_000,
  tagMax: 40,
  tagsMax: 10,
  impactPointMax: 300,
  impactMax: 3,
  emojiMax: 16,
  originalContentMax: 20_000,
  digestPreviewTiles: 3,
} as const;

export const WIN_SOURCES = ['log', 'chat', 'manual', 'fragment'] as const;

/** Shown on a tile when the user picks none (the spec's target icon), and the tag every win carries. */
export const DEFAULT_WIN_EMOJI = '🎯';
export const DEFAULT_WIN_TAG = 'Win';
