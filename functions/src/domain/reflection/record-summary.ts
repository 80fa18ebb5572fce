import { COMPASS, energyLabel, FRAGMENT_TYPES, moodLabel, type FragmentType } from '@meld/shared';
import { weekdayOf } from '../spoken-day.ts';
import { count, endQuoted, listed, quoted } from './day-words.ts';
import { clip } from './prompts.ts';
import { checkedIn, earlierAverage, MIN_COMPARE_DAYS, type Metric, type WeekRecord } from './week-record.ts';

/*
 * The daily summary without a model: the day against the member's own week, every number computed
 * from what they stored. It names the day by its weekday, never "today": the summary stays on the
 * day's page and is read there on later days too (issue 26 §4).
 */

const TYPE_PLURALS: Record<FragmentType, [string, string]> = {
  quote: ['quote', 'quotes'],
  insight: ['insight', 'insights'],
  question: ['question', 'questions'],
  todo: ['to-do', 'to-dos'],
  general: ['note', 'notes'],
};
const TAGS_NAMED = 3;

/** The first sentence of a text, cut to `max` characters. */
function firstSentence(text: string, max: number): string {
  const flat = clip(text, Number.MAX_SAFE_INTEGER);
  const sentence = /^.*?[.!?](?=\s|$)/.exec(flat)?.[0] ?? flat;
  return clip(sentence, max);
}

const points = (n: number) => count(Math.abs(n), 'point');
const versus = (difference: number) => (difference === 0 ? 'the same' : `${points(difference)} ${difference > 0 ? 'higher' : 'lower'}`);

/** The day's mood and energy, then against the earlier check-ins of the week (or why not yet). */
function sliderSentences(record: WeekRecord, weekday: string): string[] {
  const { day } = record;
  const metrics = (['mood', 'energy'] as const satisfies readonly Metric[]).filter((metric) => day[metric] !== null);
  if (metrics.length === 0) return [];
  const rated = metrics.map((metric) => `your ${metric} ${metric === 'mood' ? moodLabel(day.mood!) : energyLabel(day.energy!)} (${day[metric]}/100)`);
  const sentences = [`On ${weekday} you rated ${listed(rated)}.`];
  const earlierDays = checkedIn(record.previous).length;
  if (earlierDays < MIN_COMPARE_DAYS) {
    const few = earlierDays === 0 ? 'no check-in' : `only ${count(earlierDays, 'check-in')}`;
    sentences.push(`With ${few} in the six days before, it needs a few more days to compare with your own average.`);
    return sentences;
  }
  const compared = metrics.map((metric) => {
    const { average } = earlierAverage(record.previous, metric)!;
    return { metric, average, difference: day[metric]! - average };
  });
  const averages = compared.map(({ metric, average }) => `${metric} ${average}`).join(', ');
  const differences = compared.map(({ metric, difference }) => `your ${metric} was ${versus(difference)}`);
  sentences.push(`Against your average over your ${earlierDays} check-ins in the six days before (${averages}), ${listed(differences)}.`);
  return sentences;
}

function streakSentence(record: WeekRecord, weekday: string): string[] {
  if (record.streak === null || !checkedIn([record.day]).length) return [];
  if (record.streak <= 1) return [`${weekday}’s check-in started a new streak.`];
  const atLeast = record.streak >= COMPASS.maxViewDays ? 'at least ' : '';
  return [`${weekday} was day ${atLeast}${record.streak} of your check-in streak.`];
}

/** The week's fragments by their type and the tags the member gave them: nothing they did not write. */
function fragmentSentence(record: WeekRecord, weekday: string): string[] {
  const { fragments } = record;
  if (fragments.length === 0) return [];
  const types = FRAGMENT_TYPES.map((type) => ({ type, n: fragments.filter((fragment) => fragment.type === type).length }))
    .filter(({ n }) => n > 0)
    .sort((a, b) => b.n - a.n)
    .map(({ type, n }) => count(n, ...TYPE_PLURALS[type]));
  const tagCounts = new Map<string, number>();
  for (const tag of fragments.flatMap((fragment) => [...new Set(fragment.tags)])) tagCounts.set(tag, (tagCounts.get(tag) ?? 0) + 1);
  const tags = [...tagCounts]
    .sort(([a, n], [b, m]) => m - n || a.localeCompare(b))
    .slice(0, TAGS_NAMED)
    .map(([tag, n]) => `#${tag} (${n})`);
  const tagged = tags.length > 0 ? `; the tags you used most were ${listed(tags)}` : '';
  return [`In the week up to ${weekday} you captured ${count(fragments.length, 'fragment')}: ${listed(types)}${tagged}.`];
}

function winSentence(record: WeekRecord): string[] {
  const [latest] = record.wins;
  if (!latest) return [];
  const title = quoted(latest.title, 120);
  return [endQuoted(record.wins.length === 1 ? `In the same week you had a win: ${title}` : `In the same week you had ${record.wins.length} wins, the latest ${title}`)];
}

/** Sentences from the day and its week, then the intention and the evening text's first sentence. */
export function recordSummary(record: WeekRecord, eveningText: string): string {
  const weekday = weekdayOf(record.date);
  const sentences = [...sliderSentences(record, weekday), ...streakSentence(record, weekday), ...fragmentSentence(record, weekday), ...winSentence(record)];
  if (record.day.note) sentences.push(endQuoted(`Your intention for the day was ${quoted(record.day.note, 160)}`));
  sentences.push(endQuoted(`In the evening you reflected: “${firstSentence(eveningText, 240)}”`));
  if (sentences.length === 1) sentences.unshift('You took time to look back on your day.');
  return sentences.join(' ');
}
