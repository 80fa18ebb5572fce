// Plain values of this contract, apart from its zod schemas so that pages which only read them do
// not ship zod (see conversation-constants.ts).

/**
 * The North-Star narrative (spec 002, issue 8): written by the coach model from the member's last
 * 45 days, stored as versions in the member's partition. Edits and goal completions persist on the
 * version they were made on. See docs/decisions/0014-north-star-narrative.md.
 */

export const NARRATIVE_VALUES = ['growth', 'integrity', 'courage', 'innovation', 'empathy'] as const;
export type NarrativeValue = (typeof NARRATIVE_VALUES)[number];
export const GOAL_ALIGNMENTS = ['strong', 'drifting', 'emerging'] as const;
export type GoalAlignment = (typeof GOAL_ALIGNMENTS)[number];
export const DATA_SOURCE_TYPES = ['reflection', 'fragment', 'win', 'chat'] as const;
/** Which of the member's records a data source counts; the browser names it from this. */
export const DATA_SOURCE_KEYS = ['compass', 'evening', 'woven', 'fragments', 'wins'] as const;
export type DataSourceKey = (typeof DATA_SOURCE_KEYS)[number];
/** The three chapters, in order: the jump-to nav's Values and Momentum, then the direction they point in. */
export const CHAPTER_IDS = ['values', 'momentum', 'direction'] as const;
export type ChapterId = (typeof CHAPTER_IDS)[number];

export const NORTH_STAR = {
  /** The narrative reads the member's last 45 days ("Based on last 45 days"). */
  windowDays: 45,
  /** Fewer days with any entry than this and the coach is not asked: it would have to invent. */
  minDaysWithEntries: 5,
  /** History shows the 3 latest versions. */
  historyShown: 3,
  /** A new version is due this many days after the last one... */
  updateEveryDays: 7,
  /** ...and the rail counts the days down once this close. */
  dueSoonDays: 5,
  /** Confidence bar colours: at least 80 strong, at least 50 sand, else ember. */
  strongConfidence: 80,
  fairConfidence: 50,
  headlineMax: 200,
  chapterTitleMax: 80,
  chapterContentMax: 5_000,
  highlightsMax: 4,
  goalsMin: 1,
  goalsMax: 5,
  goalTitleMax: 120,
  nextStepMax: 240,
} as const;

/** Words as the spec counts them: split on spaces. */
export function chapterWordCount(content: string): number {
  return content.trim().split(/\s+/).filter(Boolean).length;
}

/** The confidence bar's colour band. */
export function confidenceBand(confidence: number): 'strong' | 'fair' | 'weak' {
  if (confidence >= NORTH_STAR.strongConfidence) return 'strong';
  return confidence >= NORTH_STAR.fairConfidence ? 'fair' : 'weak';
}
