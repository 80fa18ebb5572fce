import { INTEREST_MESSAGES, type InterestMessageKey } from '@meld/shared';
import type { z } from 'zod';

const KEY_BY_MESSAGE = new Map<string, InterestMessageKey>(Object.entries(INTEREST_MESSAGES).map(([key, message]) => [message, key as InterestMessageKey]));

/** A field's problem: the i18n key of one of the spec's messages, or the schema's own text (limits the inputs already cap). */
export type FieldProblem = { key: InterestMessageKey } | { text: string };

/** The first problem of each field, as the shared schema reports it. */
export function fieldProblems(error: z.ZodError): Record<string, FieldProblem> {
  const problems: Record<string, FieldProblem> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    if (!field || problems[field]) continue;
    const key = KEY_BY_MESSAGE.get(issue.message);
    problems[field] = key ? { key } : { text: issue.message };
  }
  return problems;
}
