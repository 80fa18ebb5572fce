import * as z from 'zod';
import { isoDateSchema, requiredString } from './common.ts';
import { compassDaySchema } from './interactions.ts';

/**
 * Evening reflection (issue 5): the coach's question of the day and the daily summary. The
 * question walks a reflective cycle, one stage per evening.
 */
export const REFLECTION_STAGES = ['what-happened', 'feelings', 'went-well', 'carry-forward'] as const;
export const reflectionStageSchema = z.enum(REFLECTION_STAGES);
export type ReflectionStage = z.infer<typeof reflectionStageSchema>;

export const EVENING_REFLECTION_MAX = 10_000;

export const generateQuestionBody = z.object({ date: isoDateSchema });

/** What in the member's own record a question without a model picks up (issue 26). */
export const QUESTION_BASIS_KINDS = ['fragment', 'win', 'intention', 'mood-change'] as const;
export const questionBasisSchema = z.object({
  kind: z.enum(QUESTION_BASIS_KINDS),
  /** The member's local day of that record. */
  date: isoDateSchema,
  /** Where the question came from, as the member reads it: "From your fragment on Tuesday". */
  label: z.string(),
  /** Where that record opens in the app; none for the day's own mood and energy. */
  link: z.string().optional(),
});
export type QuestionBasis = z.infer<typeof questionBasisSchema>;

/** `record`: built from the member's recent entries, with its `basis`; a model or bank question has none. */
export const generateQuestionResponse = z.object({
  question: z.string(),
  stage: reflectionStageSchema,
  source: z.enum(['model', 'record', 'question-bank']),
  basis: questionBasisSchema.optional(),
});
export type GenerateQuestionResponse = z.infer<typeof generateQuestionResponse>;

export const generateSummaryBody = z.object({
  date: isoDateSchema,
  eveningReflectionText: requiredString('Evening reflection text is required').max(EVENING_REFLECTION_MAX, {
    error: `Evening reflection text must be at most ${EVENING_REFLECTION_MAX} characters`,
  }),
});

/** The summary is also saved on the day's evening-reflection interaction; `day` is the day after it. */
export const generateSummaryResponse = z.object({
  summary: z.string(),
  source: z.enum(['model', 'template']),
  day: compassDaySchema,
});
export type GenerateSummaryResponse = z.infer<typeof generateSummaryResponse>;
