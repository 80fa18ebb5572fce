import { COMPASS, emptyCompassDay, type CompassDay, type InteractionType, type SummarySource } from '@meld/shared';
import { addDays } from './local-time.ts';

/** What a compass day is built from: the saved interactions' fields that matter here. */
export interface DayInteraction {
  _id: string;
  date: string;
  numericAnswer?: number | undefined;
  responseText?: string | undefined;
  /** Types other than the compass's and the evening's (a win's title, say) are ignored. */
  interactionMeta: { type: InteractionType; generatedSummary?: string | undefined; summarySource?: SummarySource | undefined; summarizedAt?: string | undefined };
  capturedAt: string;
  updatedAt?: string | undefined;
}


/** The latest save wins when a type was answered more than once that day. */
function savedAt(interaction: DayInteraction): string {
  return interaction.updatedAt ?? interaction.capturedAt;
}

/** One day's record from its interactions (any order; other days' are ignored). */
export function buildCompassDay(date: string, interactions: readonly DayInteraction[]): CompassDay {
  const latest = new Map<string, DayInteraction>();
  for (const interaction of interactions) {
    if (interaction.date !== date) continue;
    const type = interaction.interactionMeta.type;
    const current = latest.get(type);
    if (!current || savedAt(interaction) > savedAt(current) || (savedAt(interaction) === savedAt(current) && interaction._id > current._id)) {
      latest.set(type, interaction);
    }
  }
  const mood = latest.get('mood');
  const energy = latest.get('energy');
  const note = latest.get('note');
  const evening = latest.get('evening-reflection');
  const day: CompassDay = {
    ...emptyCompassDay(date),
    mood: mood?.numericAnswer ?? null,
    energy: energy?.numericAnswer ?? null,
    note: note?.responseText?.trim() ? note.responseText : null,
    eveningNote: evening?.responseText?.trim() ? evening.responseText : null,
    dailySummary: evening?.interactionMeta.generatedSummary?.trim() ? evening.interactionMeta.generatedSummary : null,
    summarySource: null,
    summaryStale: false,
    reflectionInteractionId: evening?._id ?? null,
    moodInteractionId: mood?._id ?? null,
    energyInteractionId: energy?._id ?? null,
    noteInteractionId: note?._id ?? null,
  };
  if (day.dailySummary !== null && evening) {
    day.summarySource = evening.interactionMeta.summarySource ?? null;
    // A summary states the morning's numbers and intention: one saved after it was written makes it out of date.
    const writtenAt = evening.interactionMeta.summarizedAt;
    day.summaryStale = writtenAt !== undefined && [mood, energy, note].some((answer) => answer !== undefined && savedAt(answer) > writtenAt);
  }
  // The compass is the two sliders (the note is optional); the reflection is the evening text.
  day.completion = { compass: day.mood !== null && day.energy !== null, reflection: day.eveningNote !== null };
  return day;
}

/** A day counts toward the streak when its compass is complete: mood and energy saved. */
export function countsForStreak(day: CompassDay): boolean {
  return day.completion.compass || (day.mood !== null && day.energy !== null);
}

export interface CompassView {
  days: CompassDay[];
  streak: number;
}

/**
 * The view for `date`: that day first, then the earlier days the streak covers. The streak counts
 * consecutive counting days back from `date`. A day not over yet (`date` is today or later) that
 * has no compass yet does not break it: counting starts from the day before. Every day in the
 * window comes from `interactions`, so the streak counts at most `maxDays`.
 */
export function buildCompassView(date: string, today: string, interactions: readonly DayInteraction[], maxDays: number = COMPASS.maxViewDays): CompassView {
  const byDate = new Map<string, DayInteraction[]>();
  for (const interaction of interactions) {
    const list = byDate.get(interaction.date) ?? [];
    list.push(interaction);
    byDate.set(interaction.date, list);
  }
  const dayOf = (day: string) => buildCompassDay(day, byDate.get(day) ?? []);

  const first = dayOf(date);
  const days = [first];
  let streak = 0;
  if (countsForStreak(first)) streak = 1;
  else if (date < today) return { days, streak: 0 };

  for (let back = 1; days.length < maxDays; back++) {
    const day = dayOf(addDays(date, -back));
    if (!countsForStreak(day)) break;
    days.push(day);
    streak += 1;
  }
  return { days, streak };
}

/** The first day of the window the view needs, so one range query fetches it all. */
export function viewWindowStart(date: string, maxDays: number = COMPASS.maxViewDays): string {
  return addDays(date, -(maxDays - 1));
}
