import type { CompassDay, GenerateQuestionResponse } from '@meld/shared';
import { buildCompassDay, type DayInteraction } from '../compass/compass-days.ts';
import { addDays } from '../compass/local-time.ts';
import { usableQuestion, type CoachModel } from './coach.ts';
import { questionPrompt } from './prompts.ts';
import { recordQuestion } from './record-question.ts';
import { bankQuestion, stageFor } from './stages.ts';
import { readWeek, type WeekRecordDeps } from './week-record.ts';

/** How many days before the date the coach reads. */
export const RECENT_DAYS = 7;

export interface ReflectionReadDeps extends WeekRecordDeps {
  /** Undefined when no coach model is configured. */
  coach: CoachModel | undefined;
  interactionsBetween(userId: string, from: string, to: string): Promise<DayInteraction[]>;
  /** A coach failure is logged and answered from the fallback. */
  onCoachError(error: unknown): void;
}

/** The date's record and the previous days', newest first, from one range query. */
export async function recentDays(userId: string, date: string, deps: Pick<ReflectionReadDeps, 'interactionsBetween'>): Promise<{ today: CompassDay; recent: CompassDay[] }> {
  const interactions = await deps.interactionsBetween(userId, addDays(date, -RECENT_DAYS), date);
  const recent = Array.from({ length: RECENT_DAYS }, (_, index) => buildCompassDay(addDays(date, -(index + 1)), interactions));
  return { today: buildCompassDay(date, interactions), recent };
}

/**
 * `POST /api/reflection/generate-question`: the evening question for `date`, at the day's stage of
 * the reflective cycle, written by the coach from the day's compass and the previous days. When
 * there is no coach or its answer is unusable, it is built from the member's week (`timeZone`
 * places their fragments on their days), naming its basis; from the question bank when the week
 * holds nothing to draw on.
 */
export async function generateQuestion(userId: string, date: string, timeZone: string, deps: ReflectionReadDeps): Promise<GenerateQuestionResponse> {
  const stage = stageFor(date);
  if (deps.coach) {
    const { today, recent } = await recentDays(userId, date, deps);
    try {
      const question = usableQuestion(await deps.coach.complete(questionPrompt(today, recent, stage)));
      if (question) return { question, stage, source: 'model' };
      deps.onCoachError(new Error('The coach model did not answer with a question'));
    } catch (error) {
      deps.onCoachError(error);
    }
  }
  const fromRecord = recordQuestion(await readWeek(userId, date, timeZone, deps, { withStreak: false }), stage);
  if (fromRecord) return { ...fromRecord, stage, source: 'record' };
  return { question: bankQuestion(date, stage), stage, source: 'question-bank' };
}
