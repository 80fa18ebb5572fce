import { ERROR_CODES, type GenerateSummaryResponse } from '@meld/shared';
import type { StoredInteraction } from '../../store/interaction-store.ts';
import { buildCompassDay } from '../compass/compass-days.ts';
import type { InteractionDeps } from '../compass/deps.ts';
import { updateInteraction } from '../compass/interactions.ts';
import { DomainError } from '../errors.ts';
import { usableSummary } from './coach.ts';
import type { ReflectionReadDeps } from './generate-question.ts';
import { summaryPrompt } from './prompts.ts';
import { recordSummary } from './record-summary.ts';
import { readWeek, weekRecordStart } from './week-record.ts';

export type SummaryDeps = Omit<ReflectionReadDeps, 'interactionsBetween'> & Pick<InteractionDeps, 'interactionsBetween' | 'updateInteraction'>;

/**
 * `POST /api/reflection/generate-summary`: a short summary of the day from its compass and the
 * evening text by the coach, or else from the template comparing the day with the member's week
 * (`timeZone` places their fragments on their days), saved on the day's evening-reflection
 * interaction (which the browser saves first: without it, 404). Answers with the updated day.
 */
export async function generateSummary(userId: string, date: string, eveningText: string, now: Date, timeZone: string, deps: SummaryDeps): Promise<GenerateSummaryResponse> {
  // Without a coach the template reads the week and the streak: one range query serves both.
  const interactions = await deps.interactionsBetween(userId, deps.coach ? date : weekRecordStart(date, { withStreak: true }), date);
  const day = buildCompassDay(date, interactions);
  if (!day.reflectionInteractionId) {
    throw new DomainError('not-found', ERROR_CODES.notFound, `Save the evening reflection for ${date} before asking for its summary.`);
  }
  let summary: string | null = null;
  if (deps.coach) {
    try {
      summary = usableSummary(await deps.coach.complete(summaryPrompt(day, eveningText)));
      if (!summary) deps.onCoachError(new Error('The coach model did not answer with a usable summary'));
    } catch (error) {
      deps.onCoachError(error);
    }
  }
  const source = summary ? 'model' : 'template';
  summary ??= recordSummary(await readWeek(userId, date, timeZone, deps, { withStreak: true, interactions: deps.coach ? undefined : interactions }), eveningText);
  const saved: StoredInteraction = await updateInteraction(
    userId,
    day.reflectionInteractionId,
    { interactionMeta: { generatedSummary: summary, summarySource: source, summarizedAt: now.toISOString() } },
    now,
    deps,
  );
  const updated = buildCompassDay(date, interactions.map((interaction) => (interaction._id === saved._id ? saved : interaction)));
  return { summary, source, day: updated };
}
