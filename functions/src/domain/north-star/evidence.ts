import { NORTH_STAR, type CompassDay, type ConfidenceFactors, type DataSource, type NarrativeReadiness } from '@meld/shared';
import { addDays } from '../compass/local-time.ts';
import { itemLinks } from '../item-links.ts';
import { clip } from '../reflection/prompts.ts';

/**
 * What the narrative is written from: the member's records of the window, each on its local day.
 * Everything here is deterministic, so the same records always give the same sources and factors.
 */
export interface NarrativeEvidence {
  /** The member's today; the window is the 45 days ending with it. */
  today: string;
  /** Days with a compass answer or an evening reflection, oldest first. */
  days: CompassDay[];
  wins: { id: string; date: string; title: string; description: string }[];
  fragments: { id: string; date: string; content: string; type: string }[];
  woven: { date: string; title: string; body: string; fragmentIds: readonly string[] }[];
}

export function windowStart(today: string): string {
  return addDays(today, -(NORTH_STAR.windowDays - 1));
}

const PREVIEW_CHARS = 120;
const inWindow = (evidence: NarrativeEvidence) => (date: string) => date >= windowStart(evidence.today) && date <= evidence.today;

/** The local days of the window with at least one entry of any kind. */
export function entryDays(evidence: NarrativeEvidence): string[] {
  const dates = [
    ...evidence.days.filter((day) => day.mood !== null || day.energy !== null || day.note !== null || day.eveningNote !== null).map((day) => day.date),
    ...evidence.wins.map((win) => win.date),
    ...evidence.fragments.map((fragment) => fragment.date),
    ...evidence.woven.map((reflection) => reflection.date),
  ];
  return [...new Set(dates.filter(inWindow(evidence)))].sort();
}

function source(type: DataSource['type'], key: DataSource['key'], title: string, entries: { date: string; text: string; link: string }[]): DataSource[] {
  if (entries.length === 0) return [];
  const latest = entries.reduce((a, b) => (b.date >= a.date ? b : a));
  return [{ type, key, title, date: latest.date, count: entries.length, preview: clip(latest.text, PREVIEW_CHARS), link: latest.link }];
}

function compassText(day: CompassDay): string {
  if (day.note) return day.note;
  const parts = [day.mood !== null ? `Mood ${day.mood}/100` : null, day.energy !== null ? `energy ${day.energy}/100` : null].filter(Boolean);
  return parts.join(', ');
}

/** One source per kind of record that has entries in the window, with its count and latest entry (and where it opens). */
export function dataSources(evidence: NarrativeEvidence): DataSource[] {
  const within = inWindow(evidence);
  const days = evidence.days.filter((day) => within(day.date));
  return [
    ...source('reflection', 'compass', 'Daily compass check-ins', days.filter((day) => day.mood !== null || day.energy !== null || day.note !== null).map((day) => ({ date: day.date, text: compassText(day), link: itemLinks.day(day.date) }))),
    ...source('reflection', 'evening', 'Evening reflections', days.flatMap((day) => (day.eveningNote ? [{ date: day.date, text: day.eveningNote, link: itemLinks.day(day.date) }] : []))),
    ...source('reflection', 'woven', 'Woven reflections', evidence.woven.filter((entry) => within(entry.date)).map((entry) => ({ date: entry.date, text: `${entry.title}: ${entry.body}`, link: itemLinks.woven(entry.fragmentIds) }))),
    ...source('fragment', 'fragments', 'Fragments', evidence.fragments.filter((entry) => within(entry.date)).map((entry) => ({ date: entry.date, text: entry.content, link: itemLinks.fragment(entry.id) }))),
    ...source('win', 'wins', 'Wins', evidence.wins.filter((entry) => within(entry.date)).map((entry) => ({ date: entry.date, text: entry.title, link: itemLinks.win(entry.id) }))),
  ];
}

/** The window in blocks of this many days for consistency: 45 days are 9 blocks. */
export const CONSISTENCY_BLOCK_DAYS = 5;
/** Recency falls from 100 (an entry today) to 0 when the latest entry is this many days old. */
export const RECENCY_ZERO_DAYS = 14;
/** Mood and energy this far apart on one day disagree (a great mood on an empty tank, or the reverse). */
export const CONFLICT_GAP = 40;

const pct = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((100 * part) / whole));
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/**
 * The confidence factors (decision 0014):
 * - coverage: the share of the 45 days with any entry;
 * - consistency: the share of the nine 5-day blocks of the window with any entry (regular beats bursty);
 * - recency: 100 for an entry today, falling linearly to 0 at 14 days since the latest entry;
 * - conflicting: the share of days with both sliders where mood and energy are 40 or more apart.
 */
export function confidenceFactors(evidence: NarrativeEvidence): ConfidenceFactors {
  const days = entryDays(evidence);
  const start = windowStart(evidence.today);
  const blocks = NORTH_STAR.windowDays / CONSISTENCY_BLOCK_DAYS;
  const filled = new Set(days.map((date) => Math.floor(daysBetween(start, date) / CONSISTENCY_BLOCK_DAYS)));
  const latest = days.at(-1);
  const recency = latest === undefined ? 0 : Math.max(0, Math.round(100 * (1 - daysBetween(latest, evidence.today) / RECENCY_ZERO_DAYS)));
  const rated = evidence.days.filter((day) => inWindow(evidence)(day.date) && day.mood !== null && day.energy !== null);
  const conflicts = rated.filter((day) => Math.abs(day.mood! - day.energy!) >= CONFLICT_GAP);
  return { coverage: pct(days.length, NORTH_STAR.windowDays), consistency: pct(filled.size, blocks), recency, conflicting: pct(conflicts.length, rated.length) };
}

/** One score: coverage weighs most, then regularity and recency; disagreeing signals take some off. */
export function confidenceScore(factors: ConfidenceFactors): number {
  const score = 0.4 * factors.coverage + 0.25 * factors.consistency + 0.25 * factors.recency + 0.1 * (100 - factors.conflicting);
  return Math.min(100, Math.max(0, Math.round(score)));
}

/** Whether the coach may be asked, and what is missing when not. */
export function readiness(evidence: NarrativeEvidence, coachConfigured: boolean): NarrativeReadiness {
  const daysWithEntries = entryDays(evidence).length;
  const daysNeeded = Math.max(0, NORTH_STAR.minDaysWithEntries - daysWithEntries);
  const factors = confidenceFactors(evidence);
  return {
    windowDays: NORTH_STAR.windowDays,
    daysWithEntries,
    daysNeeded,
    coachConfigured,
    canGenerate: coachConfigured && daysNeeded === 0,
    dataSources: dataSources(evidence),
    confidence: confidenceScore(factors),
    confidenceFactors: factors,
  };
}
