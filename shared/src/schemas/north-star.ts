import * as z from 'zod';

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

export const valueHighlightSchema = z.object({ text: z.string(), value: z.enum(NARRATIVE_VALUES) });
export const chapterSchema = z.object({
  id: z.enum(CHAPTER_IDS),
  title: z.string(),
  content: z.string(),
  isEdited: z.boolean(),
  wordCount: z.int().min(0),
  /** Passages of the content that show a value; each is a verbatim part of the content. */
  valueHighlights: z.array(valueHighlightSchema),
});
export type Chapter = z.infer<typeof chapterSchema>;

export const goalSchema = z.object({
  id: z.string(),
  title: z.string(),
  alignment: z.enum(GOAL_ALIGNMENTS),
  nextStep: z.string(),
  /** The coach chat about this goal, once one exists. */
  chatId: z.string().nullable(),
  completed: z.boolean(),
});
export type Goal = z.infer<typeof goalSchema>;

export const dataSourceSchema = z.object({
  type: z.enum(DATA_SOURCE_TYPES),
  key: z.enum(DATA_SOURCE_KEYS),
  title: z.string(),
  /** The local day of the latest entry counted. */
  date: z.string(),
  count: z.int().min(0),
  /** The start of the latest entry's text. */
  preview: z.string(),
});
export type DataSource = z.infer<typeof dataSourceSchema>;

const percent = z.int().min(0).max(100);
/** Each 0-100; the formulas are in decision 0014. `conflicting` is how much the signals disagree (lower is better). */
export const confidenceFactorsSchema = z.object({ coverage: percent, consistency: percent, recency: percent, conflicting: percent });
export type ConfidenceFactors = z.infer<typeof confidenceFactorsSchema>;

export const narrativeChangeSchema = z.object({
  text: z.string(),
  type: z.enum(['add', 'change']),
  /** What changed: headline, dominant-value, confidence, chapter:<id> or goal:<id>. */
  target: z.string(),
});
export type NarrativeChange = z.infer<typeof narrativeChangeSchema>;

export const narrativeVersionSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  headline: z.string(),
  dominantValue: z.enum(NARRATIVE_VALUES),
  chapters: z.array(chapterSchema),
  goals: z.array(goalSchema),
  dataSources: z.array(dataSourceSchema),
  confidence: percent,
  confidenceFactors: confidenceFactorsSchema,
  /** Against the previous version; empty for the first. */
  changes: z.array(narrativeChangeSchema),
  /** When a new version is due (ISO). */
  nextUpdateDue: z.string(),
  /** Who wrote it: always the coach model (with too little data there is no version at all). */
  source: z.literal('model'),
});
export type NarrativeVersion = z.infer<typeof narrativeVersionSchema>;

export const versionSummarySchema = narrativeVersionSchema.pick({ id: true, createdAt: true, headline: true, confidence: true, changes: true });
export type VersionSummary = z.infer<typeof versionSummarySchema>;

/** What the member has in the window, and what a (new) narrative still needs. */
export const narrativeReadinessSchema = z.object({
  windowDays: z.int(),
  daysWithEntries: z.int().min(0),
  daysNeeded: z.int().min(0),
  coachConfigured: z.boolean(),
  canGenerate: z.boolean(),
  dataSources: z.array(dataSourceSchema),
});
export type NarrativeReadiness = z.infer<typeof narrativeReadinessSchema>;

/**
 * `ready`: the latest version. `not-generated`: enough data, no version yet. `insufficient-data`:
 * no version and too few days with entries or no coach model; `readiness` says what is missing.
 */
export const northStarResponse = z.object({
  status: z.enum(['ready', 'not-generated', 'insufficient-data']),
  narrative: narrativeVersionSchema.nullable(),
  versions: z.array(versionSummarySchema),
  readiness: narrativeReadinessSchema,
});
export type NorthStarResponse = z.infer<typeof northStarResponse>;

export const versionIdParams = z.object({ id: z.string().min(1).max(100) });
export const chapterParams = versionIdParams.extend({ chapterId: z.enum(CHAPTER_IDS, { error: `chapterId must be one of ${CHAPTER_IDS.join(', ')}` }) });
export const goalParams = versionIdParams.extend({ goalId: z.string().min(1).max(100) });

export const updateChapterBody = z
  .object({
    content: z
      .string({ error: 'Content must be text' })
      .trim()
      .min(1, { error: 'A chapter cannot be empty' })
      .max(NORTH_STAR.chapterContentMax, { error: `A chapter must be at most ${NORTH_STAR.chapterContentMax} characters` }),
  })
  .strict();
export const updateGoalBody = z.object({ completed: z.boolean({ error: 'completed must be true or false' }) }).strict();

/** Words as the spec counts them: split on spaces. */
export function chapterWordCount(content: string): number {
  return content.trim().split(/\s+/).filter(Boolean).length;
}

/** The confidence bar's colour band. */
export function confidenceBand(confidence: number): 'strong' | 'fair' | 'weak' {
  if (confidence >= NORTH_STAR.strongConfidence) return 'strong';
  return confidence >= NORTH_STAR.fairConfidence ? 'fair' : 'weak';
}
