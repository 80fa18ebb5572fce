import type { MentorInterestAdmin } from '@meld/shared';
import { formatDate, isTimestamp } from './format.ts';

/**
 * The mentor table's columns beyond the fixed ones (spec 002: hidden _id, __v and accessToken;
 * any other field shown as an extra column, arrays joined with commas). The fixed columns and the
 * fields shown elsewhere (the token prefix in the link column, insights in the interview dialog)
 * are not repeated.
 */
const HIDDEN_FIELDS = new Set(['_id', '__v', 'accessToken']);
const SHOWN_ELSEWHERE = new Set([
  'firstName',
  'lastName',
  'email',
  'jobTitle',
  'company',
  'industry',
  'careerStage',
  'createdAt',
  'answeredStages',
  'status',
  'accessTokenPrefix',
  'insights',
  'repeatOf',
]);

/** Extra field names in first-seen order across every row (a field only some rows have still gets its column). */
export function extraColumns(rows: readonly MentorInterestAdmin[]): string[] {
  const seen = new Set<string>();
  for (const row of rows) {
    for (const key of Object.keys(row)) {
      if (!HIDDEN_FIELDS.has(key) && !SHOWN_ELSEWHERE.has(key)) seen.add(key);
    }
  }
  return [...seen];
}

/** "tokenCreatedAt" -> "Token created at", for fields the locale has no label for. */
export function humanizeField(key: string): string {
  const words = key
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** One cell's text: arrays joined with commas, timestamps as dates, nothing as an empty string. */
export function cellText(value: unknown, language: string): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map((item) => cellText(item, language)).filter(Boolean).join(', ');
  if (isTimestamp(value)) return formatDate(value, language);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

export function fullName(mentor: Pick<MentorInterestAdmin, 'firstName' | 'lastName'>): string {
  return [mentor.firstName, mentor.lastName].filter(Boolean).join(' ');
}
