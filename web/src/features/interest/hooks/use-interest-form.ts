import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import type { z } from 'zod';
import type { InterestMessageKey } from '@meld/shared';
import { fieldProblems, type FieldProblem } from '../lib/form-errors.ts';

export type FormValues = Record<string, string | boolean>;

/**
 * Form state checked by the shared zod schema, the one the server parses with. A field shows its
 * message once it has been left or a submit was tried, and then updates as the visitor types.
 * Rules named in `afterSubmit` wait for a submit attempt.
 */
export function useInterestForm<V extends FormValues, S extends z.ZodType>(schema: S, initial: V, options: { afterSubmit?: readonly InterestMessageKey[] } = {}) {
  const { t } = useTranslation();
  const [values, setValues] = useState<V>(initial);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);

  const result = useMemo(() => schema.safeParse(values), [schema, values]);
  const problems: Record<string, FieldProblem> = result.success ? {} : fieldProblems(result.error);

  const messageOf = (problem: FieldProblem | undefined): string | null => {
    if (!problem) return null;
    // Some rules span fields (a situation's required answer): saying so before a submit would nag mid-way.
    if ('key' in problem && !submitted && options.afterSubmit?.includes(problem.key)) return null;
    return 'key' in problem ? t(`interest.errors.${problem.key}`) : problem.text;
  };

  const error = (field: keyof V & string): string | null => (submitted || touched.has(field) ? messageOf(problems[field]) : null);

  const set = useCallback(<K extends keyof V>(field: K, value: V[K]) => setValues((current) => ({ ...current, [field]: value })), []);
  const touch = useCallback((field: string) => setTouched((current) => (current.has(field) ? current : new Set(current).add(field))), []);

  /** Marks the form submitted; returns the parsed body when valid, else focuses the first invalid field. */
  const check = (): z.output<S> | null => {
    setSubmitted(true);
    if (result.success) return result.data;
    const first = Object.keys(problems)[0];
    if (first) document.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
    return null;
  };

  return { values, set, touch, error, check };
}
