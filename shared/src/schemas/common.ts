import * as z from 'zod';
import { EMAIL_PATTERN, LIMITS, ROLES } from '../constants.ts';

/**
 * A string that must be present: a missing value and a value of the wrong type both get
 * `requiredMessage`, so the browser can show the field's own wording.
 */
export function requiredString(requiredMessage: string) {
  return z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? requiredMessage : `${requiredMessage.replace(/ is required$/, '')} must be text`) })
    .trim()
    .min(1, { error: requiredMessage });
}

export function optionalText(max: number, label: string) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters` })
    .optional();
}

export const emailSchema = z
  .string({ error: (issue) => (issue.input === undefined || issue.input === null ? 'Email is required' : 'Email must be text') })
  .trim()
  .min(1, { error: 'Email is required' })
  .max(LIMITS.emailMax, { error: `Email must be at most ${LIMITS.emailMax} characters` })
  .regex(EMAIL_PATTERN, { error: 'Please enter a valid email' });

export const passwordSchema = z
  .string({ error: (issue) => (issue.input === undefined || issue.input === null ? 'Password is required' : 'Password must be text') })
  .min(1, { error: 'Password is required' })
  .min(LIMITS.passwordMin, { error: `Password must be at least ${LIMITS.passwordMin} characters` })
  .max(LIMITS.passwordMax, { error: `Password must be at most ${LIMITS.passwordMax} characters` });

export const roleSchema = z.enum(ROLES, { error: `Role must be one of ${ROLES.join(', ')}` });

/** Dates travel as calendar days, YYYY-MM-DD. */
export const isoDateSchema = z
  .string({ error: 'Date must be text in the form YYYY-MM-DD' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Date must be in the form YYYY-MM-DD' })
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), {
    error: 'Date is not a real calendar day',
  });

export const okSchema = z.object({ ok: z.literal(true) });
export const emptySchema = z.object({}).strict();
