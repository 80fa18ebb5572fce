import type { CompassDay, ReflectionStage } from '@meld/shared';
import type { ChatTurn } from '../../providers/llm/types.ts';
import { STAGE_FOCUS } from './stages.ts';

/** Entries longer than this are cut in the prompt: the gist is enough, and prompts stay small. */
const ENTRY_CHARS = 600;

/** Whitespace collapsed, and cut to `max` characters. */
export function clip(text: string, max = ENTRY_CHARS): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max).trimEnd()}…` : flat;
}

/** The evening text the summary is written from: most of it, however long it is. */
const EVENING_CHARS = 4_000;

/** One day as the coach reads it; only what was recorded. */
export function describeDay(day: CompassDay, options: { withEvening: boolean }): string {
  const parts: string[] = [];
  if (day.mood !== null) parts.push(`mood ${day.mood}/100`);
  if (day.energy !== null) parts.push(`energy ${day.energy}/100`);
  if (day.note) parts.push(`intention note: "${clip(day.note)}"`);
  if (options.withEvening && day.eveningNote) parts.push(`evening reflection: "${clip(day.eveningNote)}"`);
  return parts.length > 0 ? parts.join('; ') : 'nothing recorded';
}

function recentLines(recent: CompassDay[]): string {
  const recorded = recent.filter((day) => describeDay(day, { withEvening: true }) !== 'nothing recorded');
  if (recorded.length === 0) return 'No entries in the previous days.';
  return recorded.map((day) => `- ${day.date}: ${describeDay(day, { withEvening: true })}`).join('\n');
}

const COACH_ROLE =
  'You are the reflection coach of Meld, a journaling and career-direction tool: a strategic thinking partner, warm and direct. ' +
  'Ground everything in what the user actually recorded; never invent events.';

/** Today's question for one stage of the reflective cycle, from today and the previous days. */
export function questionPrompt(today: CompassDay, recent: CompassDay[], stage: ReflectionStage): ChatTurn[] {
  return [
    {
      role: 'system',
      content:
        `${COACH_ROLE} Write exactly one open question for tonight's evening reflection. It explores ${STAGE_FOCUS[stage]}. ` +
        'Make it specific to the entries below (refer to the mood, energy or note where it helps). ' +
        'No affirmation, praise, advice or preamble; one sentence of at most 30 words ending with a question mark.',
    },
    { role: 'user', content: `Today (${today.date}): ${describeDay(today, { withEvening: false })}.\nPrevious days, newest first:\n${recentLines(recent)}` },
  ];
}

/** The day's short summary from its compass entries and the evening reflection just written. */
export function summaryPrompt(day: CompassDay, eveningText: string): ChatTurn[] {
  return [
    {
      role: 'system',
      content:
        `${COACH_ROLE} Summarise the user's day in 2 or 3 sentences, speaking to them as "you": what the day held, how it felt, ` +
        'and one thing worth keeping from it. Plain prose, no lists, no headings, no advice beyond that one thing.',
    },
    { role: 'user', content: `Day ${day.date}: ${describeDay(day, { withEvening: false })}.\nEvening reflection: "${clip(eveningText, EVENING_CHARS)}"` },
  ];
}
