import { MENTOR_INTERVIEW_STAGE_COUNT, type MentorAnswer, type MentorInterestAdmin } from '@meld/shared';
import type { CsvCell } from '@/lib/csv.ts';
import { fullName } from './mentor-columns.ts';

/**
 * The mentor exports, named by what they hold (spec 002 section 7's mentor-answers and
 * mentor-responses, renamed in decision 0051): `mentor-signups` is the mentor table as the admin sees
 * it (without the row actions), `interview-answers` every answer with its mentor. Values stay as stored
 * (statuses, ISO timestamps) so a spreadsheet can sort and filter them.
 */

export const MENTOR_CSV_COLUMNS = ['name', 'email', 'status', 'linkPrefix', 'answered', 'jobTitle', 'company', 'industry', 'careerStage', 'createdAt'] as const;
export type MentorCsvColumn = (typeof MENTOR_CSV_COLUMNS)[number];

export const RESPONSE_CSV_COLUMNS = ['mentor', 'email', 'jobTitle', 'company', 'stage', 'question', 'preamble', 'answer', 'status', 'createdAt', 'updatedAt'] as const;
export type ResponseCsvColumn = (typeof RESPONSE_CSV_COLUMNS)[number];

/** A field the table shows as an extra column: arrays joined with commas, objects as JSON. */
export function csvText(value: unknown): CsvCell {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map((item) => csvText(item)).filter((item) => item !== '').join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return value as CsvCell;
}

export function mentorCsvRows(mentors: readonly MentorInterestAdmin[], extras: readonly string[]): CsvCell[][] {
  return mentors.map((mentor) => [
    fullName(mentor),
    mentor.email,
    mentor.status,
    mentor.accessTokenPrefix ?? '',
    `${mentor.answeredStages}/${MENTOR_INTERVIEW_STAGE_COUNT}`,
    mentor.jobTitle,
    mentor.company ?? '',
    mentor.industry ?? '',
    mentor.careerStage ?? '',
    mentor.createdAt,
    ...extras.map((key) => csvText((mentor as Record<string, unknown>)[key])),
  ]);
}

export function responseCsvRows(answers: readonly MentorAnswer[]): CsvCell[][] {
  return answers.map((answer) => [
    answer.mentor_name,
    answer.mentor_email,
    answer.mentor_jobTitle,
    answer.mentor_company,
    answer.stage_id,
    answer.question,
    answer.preamble,
    answer.response_text,
    answer.status,
    answer.createdAt,
    answer.updatedAt,
  ]);
}
