import * as z from 'zod';
import { CHAPTER_IDS, DATA_SOURCE_KEYS, DATA_SOURCE_TYPES, GOAL_ALIGNMENTS, NARRATIVE_VALUES, NORTH_STAR } from '../north-star-constants.ts';

export { CHAPTER_IDS, DATA_SOURCE_KEYS, DATA_SOURCE_TYPES, GOAL_ALIGNMENTS, NARRATIVE_VALUES, NORTH_STAR, chapterWordCount, confidenceBand } from '../north-star-constants.ts';
export type { ChapterId, DataSourceKey, GoalAlignment, NarrativeValue } from '../north-star-constants.ts';

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
  /** Where the latest entry opens in the app; absent on narratives saved before sources linked. */
  link: z.string().optional(),
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
  /** The confidence a narrative written now would have (0-100) and its factors: computed, no model needed. */
  confidence: z.int().min(0).max(100),
  confidenceFactors: confidenceFactorsSchema,
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
