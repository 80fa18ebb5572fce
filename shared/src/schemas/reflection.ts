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
export const generateQuestionResponse = z.object({
  question: z.string(),
  stage: reflectionStageSchema,
  source: z.enum(['model', 'question-bank']),
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
