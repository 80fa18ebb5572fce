import { REFLECTION_STAGES, type QuestionBasis, type ReflectionStage } from '@meld/shared';
import { itemLinks } from '../item-links.ts';
import { onSpokenDay } from '../spoken-day.ts';
import { capitalise, endQuoted, quoted } from './day-words.ts';
import { dayNumber } from './stages.ts';
import { earlierAverage, MIN_COMPARE_DAYS, type Metric, type WeekRecord } from './week-record.ts';

/*
 * The evening question without a model, built from the member's own week: it states one fact from
 * their record (a fragment, a win, yesterday's intention, a marked change in mood or energy) and
 * asks about it at the day's stage of the reflective cycle. Every fact is read from stored data,
 * and the answer names where it came from.
 */

type Kind = QuestionBasis['kind'];

/** The record a stage reaches for first: what happened reads notes, feelings the sliders, and so on. */
const STAGE_KINDS: Record<ReflectionStage, readonly Kind[]> = {
  'what-happened': ['fragment', 'intention', 'win', 'mood-change'],
  feelings: ['mood-change', 'fragment', 'intention', 'win'],
  'went-well': ['win', 'fragment', 'mood-change', 'intention'],
  'carry-forward': ['intention', 'fragment', 'win', 'mood-change'],
};

/** A change from the earlier average at least this large (four slider steps) is worth asking about. */
export const NOTABLE_CHANGE = 20;
const QUOTE_CHARS = 90;

interface Candidate {
  /** The sentence stating the fact. */
  fact: string;
  basis: QuestionBasis;
  /** For a mood or energy change: which way it went. */
  rise?: boolean;
}

const ASK: Record<Kind, Record<ReflectionStage, string | ((rise: boolean) => string)>> = {
  fragment: {
    'what-happened': 'What happened today that touches on that thought?',
    feelings: 'How does that thought sit with you tonight?',
    'went-well': 'What went well today that speaks to it, and what was your part in it?',
    'carry-forward': 'What would you like to do with that thought tomorrow?',
  },
  win: {
    'what-happened': 'What happened today that built on it?',
    feelings: 'How does it feel to look back on it tonight?',
    'went-well': 'What did you do to make it happen, and where could that help again?',
    'carry-forward': 'What is one way to build on it tomorrow?',
  },
  intention: {
    'what-happened': 'How did today follow on from it?',
    feelings: 'How do you feel about where that intention stands tonight?',
    'went-well': 'What moved forward on it since, and what was your part in that?',
    'carry-forward': 'What from it would you carry into tomorrow?',
  },
  'mood-change': {
    'what-happened': 'What happened today that might explain the difference?',
    feelings: 'When in the day did you notice the shift, and what was behind it?',
    'went-well': (rise) => (rise ? 'What went right today to lift it, and what was your part in it?' : 'What still went well today, despite that?'),
    'carry-forward': (rise) => (rise ? 'What would help you keep it up tomorrow?' : 'What would help you recharge for tomorrow?'),
  },
};

function fragmentCandidates(record: WeekRecord): Candidate[] {
  return record.fragments.map((fragment) => ({
    fact: endQuoted(`${capitalise(onSpokenDay(fragment.date, record.date))} you noted: ${quoted(fragment.content, QUOTE_CHARS)}`),
    basis: { kind: 'fragment', date: fragment.date, label: `From your fragment ${onSpokenDay(fragment.date, record.date)}`, link: itemLinks.fragment(fragment.id) },
  }));
}

function winCandidates(record: WeekRecord): Candidate[] {
  return record.wins.map((win) => ({
    fact: endQuoted(`${capitalise(onSpokenDay(win.date, record.date))} you had a win: ${quoted(win.title, QUOTE_CHARS)}`),
    basis: { kind: 'win', date: win.date, label: `From your win ${onSpokenDay(win.date, record.date)}`, link: itemLinks.win(win.id) },
  }));
}

/** Yesterday's intention note, when one was written. */
function intentionCandidates(record: WeekRecord): Candidate[] {
  const yesterday = record.previous[0];
  if (!yesterday?.note) return [];
  return [
    {
      fact: endQuoted(`${capitalise(onSpokenDay(yesterday.date, record.date))} your intention was ${quoted(yesterday.note, QUOTE_CHARS)}`),
      basis: { kind: 'intention', date: yesterday.date, label: `From your intention ${onSpokenDay(yesterday.date, record.date)}`, link: itemLinks.day(yesterday.date) },
    },
  ];
}

/** The day's mood or energy against its earlier average, when it moved by a notable amount; the larger move, mood on a tie. */
function moodChangeCandidates(record: WeekRecord): Candidate[] {
  const changes = (['mood', 'energy'] as const satisfies readonly Metric[]).flatMap((metric) => {
    const value = record.day[metric];
    const earlier = earlierAverage(record.previous, metric);
    if (value === null || !earlier || earlier.days < MIN_COMPARE_DAYS) return [];
    const difference = value - earlier.average;
    return Math.abs(difference) >= NOTABLE_CHANGE ? [{ metric, value, difference, ...earlier }] : [];
  });
  const change = changes.sort((a, b) => Math.abs(b.difference) - Math.abs(a.difference))[0];
  if (!change) return [];
  const direction = change.difference > 0 ? 'above' : 'below';
  return [
    {
      fact: `Your ${change.metric} today (${change.value}/100) is ${Math.abs(change.difference)} points ${direction} your average of ${change.average} over your ${change.days} check-ins in the six days before.`,
      basis: { kind: 'mood-change', date: record.date, label: `From your ${change.metric} today and your ${change.days} check-ins before it` },
      rise: change.difference > 0,
    },
  ];
}

const CANDIDATES: Record<Kind, (record: WeekRecord) => Candidate[]> = {
  fragment: fragmentCandidates,
  win: winCandidates,
  intention: intentionCandidates,
  'mood-change': moodChangeCandidates,
};

/**
 * The question from the member's week, or null when the week holds nothing to draw on. The stage's
 * first kind of record that exists is used; among several of that kind, the choice steps one per
 * full cycle (as the bank's questions do), so asking again the same day gives the same question.
 */
export function recordQuestion(record: WeekRecord, stage: ReflectionStage): { question: string; basis: QuestionBasis } | null {
  for (const kind of STAGE_KINDS[stage]) {
    const candidates = CANDIDATES[kind](record);
    if (candidates.length === 0) continue;
    const chosen = candidates[Math.floor(dayNumber(record.date) / REFLECTION_STAGES.length) % candidates.length]!;
    const ask = ASK[kind][stage];
    return { question: `${chosen.fact} ${typeof ask === 'string' ? ask : ask(chosen.rise ?? false)}`, basis: chosen.basis };
  }
  return null;
}
