import * as z from 'zod';
import { COMPASS, COMPASS_TREND, isSliderValue } from '../compass.ts';
import { isoDateSchema } from './common.ts';

/**
 * Interactions (issue 5): one answer the user gave, a compass slider, the day's note, the evening
 * reflection, or a win's title and description, and the compass view built from a day's interactions.
 */
export const INTERACTION_KINDS = ['compass', 'reflection', 'win'] as const;
/** Kinds the interactions routes write; a win's interactions are written only by the wins routes, with the win. */
export const WRITABLE_INTERACTION_KINDS = ['compass', 'reflection'] as const;
export const CAPTURE_METHODS = ['slider', 'text'] as const;
/** Who wrote a daily summary: the coach model, or the template from the member's own record. */
export const SUMMARY_SOURCES = ['model', 'template'] as const;
export type SummarySource = (typeof SUMMARY_SOURCES)[number];
export const INTERACTION_TYPES = ['mood', 'energy', 'note', 'evening-reflection', 'win-title', 'win-description'] as const;
export type InteractionKind = (typeof INTERACTION_KINDS)[number];
export type CaptureMethod = (typeof CAPTURE_METHODS)[number];
export type InteractionType = (typeof INTERACTION_TYPES)[number];

export const INTERACTION_LIMITS = {
  promptTextMax: 2_000,
  responseTextMax: 20_000,
  generatedQuestionMax: 2_000,
  generatedSummaryMax: 10_000,
  clientRequestIdMax: 100,
  listDefault: 20,
  listMax: 100,
} as const;

const kindSchema = z.enum(INTERACTION_KINDS, {
  error: (issue) => (issue.input === undefined ? 'kind is required' : `unknown kind: must be one of ${INTERACTION_KINDS.join(', ')}`),
});
const writableKindSchema = z.enum(WRITABLE_INTERACTION_KINDS, {
  error: (issue) =>
    issue.input === undefined
      ? 'kind is required'
      : issue.input === 'win'
        ? "A win's interactions are saved with the win: use /api/wins"
        : `unknown kind: must be one of ${WRITABLE_INTERACTION_KINDS.join(', ')}`,
});
const captureMethodSchema = z.enum(CAPTURE_METHODS, { error: `captureMethod must be one of ${CAPTURE_METHODS.join(', ')}` });
const typeSchema = z.enum(INTERACTION_TYPES, { error: `interactionMeta.type must be one of ${INTERACTION_TYPES.join(', ')}` });

const text = (field: string, max: number) =>
  z.string({ error: `${field} must be text` }).max(max, { error: `${field} must be at most ${max} characters` });

export const numericAnswerSchema = z
  .number({ error: 'numericAnswer must be a number' })
  .refine(isSliderValue, { error: `numericAnswer must be a whole number from ${COMPASS.sliderMin} to ${COMPASS.sliderMax} in steps of ${COMPASS.sliderStep}` });

export const interactionMetaSchema = z.object({
  type: typeSchema,
  scale: z.int({ error: 'interactionMeta.scale must be a whole number' }).min(1).max(1_000).optional(),
  generatedQuestion: text('interactionMeta.generatedQuestion', INTERACTION_LIMITS.generatedQuestionMax).optional(),
  generatedSummary: text('interactionMeta.generatedSummary', INTERACTION_LIMITS.generatedSummaryMax).optional(),
  /** Who wrote the summary: the coach model, or the template from the day's own record. */
  summarySource: z.enum(SUMMARY_SOURCES, { error: `interactionMeta.summarySource must be one of ${SUMMARY_SOURCES.join(', ')}` }).optional(),
  /** When the summary was written (ISO): a compass answer saved later makes it out of date. */
  summarizedAt: z.iso.datetime({ error: 'interactionMeta.summarizedAt must be an ISO date-time' }).optional(),
});
export type InteractionMeta = z.infer<typeof interactionMetaSchema>;
/** What a request may set: who wrote a summary and when are the server's to record, never the browser's. */
const writableMetaSchema = interactionMetaSchema.omit({ summarySource: true, summarizedAt: true });

/** A retried save sends the same id; letters, digits, dashes and underscores. */
const clientRequestIdSchema = z
  .string({ error: 'clientRequestId must be text' })
  .regex(/^[\w-]+$/, { error: 'clientRequestId may hold only letters, digits, dashes and underscores' })
  .max(INTERACTION_LIMITS.clientRequestIdMax, { error: `clientRequestId must be at most ${INTERACTION_LIMITS.clientRequestIdMax} characters` });

const interactionFields = {
  kind: writableKindSchema,
  promptText: text('promptText', INTERACTION_LIMITS.promptTextMax),
  numericAnswer: numericAnswerSchema.optional(),
  responseText: text('responseText', INTERACTION_LIMITS.responseTextMax).optional(),
  captureMethod: captureMethodSchema,
  interactionMeta: writableMetaSchema,
  /** The user's local day the answer belongs to. */
  date: isoDateSchema,
};

/** What each type needs once saved: sliders a number, notes and reflections some text. */
export function interactionShapeProblem(value: { numericAnswer?: number | undefined; responseText?: string | undefined; interactionMeta: { type: InteractionType } }): { field: string; message: string } | null {
  const { type } = value.interactionMeta;
  if ((type === 'mood' || type === 'energy') && value.numericAnswer === undefined) {
    return { field: 'numericAnswer', message: `numericAnswer is required for a ${type} interaction` };
  }
  if ((type === 'note' || type === 'evening-reflection' || type === 'win-title') && !value.responseText?.trim()) {
    return { field: 'responseText', message: `responseText is required for a ${type} interaction` };
  }
  return null;
}

export const createInteractionBody = z
  .object({ ...interactionFields, clientRequestId: clientRequestIdSchema.optional() })
  .superRefine((value, ctx) => {
    const problem = interactionShapeProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
  });
export type CreateInteractionBody = z.infer<typeof createInteractionBody>;

/** Every field may be left out; interactionMeta's fields are merged into the saved ones. */
export const updateInteractionBody = z.object({
  kind: writableKindSchema.optional(),
  promptText: interactionFields.promptText.optional(),
  numericAnswer: interactionFields.numericAnswer,
  responseText: interactionFields.responseText,
  captureMethod: captureMethodSchema.optional(),
  interactionMeta: writableMetaSchema.partial().optional(),
  date: isoDateSchema.optional(),
});
export type UpdateInteractionBody = z.infer<typeof updateInteractionBody>;

export const interactionSchema = z.object({
  _id: z.string(),
  kind: kindSchema,
  promptText: z.string(),
  numericAnswer: z.number().optional(),
  responseText: z.string().optional(),
  captureMethod: captureMethodSchema,
  interactionMeta: interactionMetaSchema,
  date: z.string(),
  /** ISO timestamp of the first save. */
  capturedAt: z.string(),
  /** ISO timestamp of the last save; the latest save of a type is the day's answer. */
  updatedAt: z.string().optional(),
  clientRequestId: z.string().optional(),
});
export type Interaction = z.infer<typeof interactionSchema>;

export const interactionIdParams = z.object({ id: z.string().trim().min(1).max(200) });

export const listInteractionsQuery = z.object({
  kind: kindSchema.optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int({ error: 'limit must be a whole number' })
    .min(1, { error: `limit must be from 1 to ${INTERACTION_LIMITS.listMax}` })
    .max(INTERACTION_LIMITS.listMax, { error: `limit must be from 1 to ${INTERACTION_LIMITS.listMax}` })
    .default(INTERACTION_LIMITS.listDefault),
  sortBy: z.literal('capturedAt', { error: 'sortBy must be capturedAt' }).default('capturedAt'),
  sortDirection: z.enum(['asc', 'desc'], { error: 'sortDirection must be asc or desc' }).default('desc'),
});
export type ListInteractionsQuery = z.infer<typeof listInteractionsQuery>;
export const listInteractionsResponse = z.object({ interactions: z.array(interactionSchema) });

/** One day of the compass: the latest answer of each type, and which parts are done. */
export const compassDaySchema = z.object({
  date: z.string(),
  mood: z.number().nullable(),
  energy: z.number().nullable(),
  note: z.string().nullable(),
  eveningNote: z.string().nullable(),
  dailySummary: z.string().nullable(),
  /** Who wrote the daily summary; null without one (or for one saved before this was recorded). */
  summarySource: z.enum(SUMMARY_SOURCES).nullable(),
  /** The morning's mood, energy or intention changed after the summary was written: it may state what is no longer true. */
  summaryStale: z.boolean(),
  reflectionInteractionId: z.string().nullable(),
  moodInteractionId: z.string().nullable(),
  energyInteractionId: z.string().nullable(),
  noteInteractionId: z.string().nullable(),
  completion: z.object({ compass: z.boolean(), reflection: z.boolean() }),
});
export type CompassDay = z.infer<typeof compassDaySchema>;

export const compassTrendQuery = z.object({
  weeks: z.coerce
    .number({ error: 'weeks must be a whole number' })
    .int({ error: 'weeks must be a whole number' })
    .min(COMPASS_TREND.minWeeks, { error: `weeks must be at least ${COMPASS_TREND.minWeeks}` })
    .max(COMPASS_TREND.maxWeeks, { error: `weeks can be at most ${COMPASS_TREND.maxWeeks}` })
    .default(COMPASS_TREND.defaultWeeks),
});

/** One week of the trend: the seven local days ending on `end`, and the averages of the days that have a value. */
export const trendWeekSchema = z.object({
  start: isoDateSchema,
  end: isoDateSchema,
  mood: z.number().nullable(),
  energy: z.number().nullable(),
  /** Days of the week with a mood or an energy. */
  days: z.int(),
});
export type TrendWeek = z.infer<typeof trendWeekSchema>;

/** GET /api/views/compass/trend: the weeks oldest first, the last ending on the member's today. */
export const compassTrendResponse = z.object({
  today: isoDateSchema,
  weeks: z.array(trendWeekSchema),
  /** Days in the whole window with a mood or an energy, and how many the trend needs. */
  days: z.int(),
  daysNeeded: z.int(),
  /** Averages over every day of the window with a value (not of the weekly averages). */
  average: z.object({ mood: z.number().nullable(), energy: z.number().nullable() }),
});
export type CompassTrendResponse = z.infer<typeof compassTrendResponse>;

export const compassViewQuery = z.object({ date: isoDateSchema.optional() });
export type CompassViewQuery = z.infer<typeof compassViewQuery>;

/** `days`: the requested date first, then earlier days as far back as the streak reaches. */
export const compassViewResponse = z.object({
  days: z.array(compassDaySchema),
  streak: z.int(),
  timeZone: z.string(),
  today: z.string(),
});
export type CompassViewResponse = z.infer<typeof compassViewResponse>;
