import { energyLabel, ERROR_CODES, moodLabel, type CompassDay, type GenerateSummaryResponse } from '@meld/shared';
import type { StoredInteraction } from '../../store/interaction-store.ts';
import { buildCompassDay } from '../compass/compass-days.ts';
import type { InteractionDeps } from '../compass/deps.ts';
import { updateInteraction } from '../compass/interactions.ts';
import { DomainError } from '../errors.ts';
import { usableSummary } from './coach.ts';
import type { ReflectionReadDeps } from './generate-question.ts';
import { clip, summaryPrompt } from './prompts.ts';

export type SummaryDeps = Omit<ReflectionReadDeps, 'interactionsBetween'> & Pick<InteractionDeps, 'interactionsBetween' | 'updateInteraction'>;

/** The first sentence of a text, cut to `max` characters. */
function firstSentence(text: string, max: number): string {
  const flat = clip(text, Number.MAX_SAFE_INTEGER);
  const sentence = /^.*?[.!?](?=\s|$)/.exec(flat)?.[0] ?? flat;
  return clip(sentence, max);
}

/** Without a coach: two or three plain sentences from what the day recorded. */
export function templateSummary(day: CompassDay, eveningText: string): string {
  const sentences: string[] = [];
  if (day.mood !== null && day.energy !== null) {
    sentences.push(`You rated your mood ${moodLabel(day.mood)} (${day.mood}/100) and your energy ${energyLabel(day.energy)} (${day.energy}/100) today.`);
  } else if (day.mood !== null) {
    sentences.push(`You rated your mood ${moodLabel(day.mood)} (${day.mood}/100) today.`);
  } else if (day.energy !== null) {
    sentences.push(`You rated your energy ${energyLabel(day.energy)} (${day.energy}/100) today.`);
  }
  if (day.note) {
    const note = clip(day.note, 160);
    sentences.push(`Your intention for the day was “${note}”${/[.!?…]$/.test(note) ? '' : '.'}`);
  }
  const evening = firstSentence(eveningText, 240);
  sentences.push(`In the evening you reflected: “${evening}”${/[.!?…]$/.test(evening) ? '' : '.'}`);
  if (sentences.length === 1) sentences.unshift('You took time to look back on your day.');
  return sentences.join(' ');
}

/**
 * `POST /api/reflection/generate-summary`: a short summary of the day from its compass and the
 * evening text, by the coach or else from the template, saved on the day's evening-reflection
 * interaction (which the browser saves first: without it, 404). Answers with the updated day.
 */
export async function generateSummary(userId: string, date: string, eveningText: string, now: Date, deps: SummaryDeps): Promise<GenerateSummaryResponse> {
  const interactions = await deps.interactionsBetween(userId, date, date);
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
  summary ??= templateSummary(day, eveningText);
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
