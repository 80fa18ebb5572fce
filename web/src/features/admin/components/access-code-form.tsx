import type { AccessCode } from '@meld/shared';
import { ADMIN_LIMITS } from '@meld/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { Alert } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Field } from '@/components/ui/field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { isApiError } from '@/lib/api-error.ts';
import { browserTimeZone } from '@/lib/date-format.ts';
import { useCreateAccessCode } from '../api/access-code-queries.ts';
import { localInputValue, readDraft, type AccessCodeDraft, type AccessCodeField, type DraftProblem } from '../lib/access-code-input.ts';

const EMPTY: AccessCodeDraft = { code: '', maxUses: '', expiresAt: '' };
const FIELDS: readonly AccessCodeField[] = ['code', 'maxUses', 'expiresAt'];

function isField(value: string | undefined): value is AccessCodeField {
  return FIELDS.includes(value as AccessCodeField);
}

/** Every field may stay blank: the server then makes up the code, allows any number of uses and never expires it. */
export function AccessCodeForm({ onCreated }: { onCreated: (code: AccessCode) => void }) {
  const { t } = useTranslation();
  const create = useCreateAccessCode();
  const [draft, setDraft] = useState<AccessCodeDraft>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<AccessCodeField | 'form', string>>>({});
  const zone = browserTimeZone();

  const problemText = (problem: DraftProblem) =>
    problem === 'maxUses' ? t('adminSignups.accessCodes.validation.maxUses', { max: ADMIN_LIMITS.accessCodeUsesMax.toLocaleString() }) : t(`adminSignups.accessCodes.validation.${problem}`);

  const change = (field: AccessCodeField, value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    if (errors[field] || errors.form) setErrors(({ [field]: _field, form: _form, ...rest }) => rest);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    const read = readDraft(draft, new Date());
    if ('problems' in read) {
      setErrors(Object.fromEntries(Object.entries(read.problems).map(([field, problem]) => [field, problemText(problem)])));
      return;
    }
    setErrors({});
    create.mutate(read.body, {
      onSuccess: (code) => {
        setDraft(EMPTY);
        onCreated(code);
      },
      onError: (error) => {
        // The server names the field it refused (409: the code is taken); anything else goes above the button.
        if (isApiError(error) && isField(error.field)) setErrors({ [error.field]: error.message });
        else setErrors({ form: isApiError(error) && error.isNetworkError ? t('errors.network') : t('adminSignups.accessCodes.errors.create') });
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="access-code-form-title" className="rounded-2xl border border-line bg-surface p-5 shadow-soft sm:p-6">
      <h2 id="access-code-form-title" className="font-serif text-xl font-semibold text-ink">
        {t('adminSignups.accessCodes.form.title')}
      </h2>
      <p className="mt-1 text-sm text-ink-soft">{t('adminSignups.accessCodes.form.intro')}</p>
      <div className="mt-5 grid gap-4 md:grid-cols-3">
        <Field label={t('adminSignups.accessCodes.form.code')} optional hint={t('adminSignups.accessCodes.form.codeHint')} error={errors.code}>
          {(control) => (
            <Input
              {...control}
              value={draft.code}
              onChange={(event) => change('code', event.target.value.toUpperCase())}
              placeholder={t('adminSignups.accessCodes.form.codePlaceholder')}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={ADMIN_LIMITS.accessCodeMax}
              className="font-mono tracking-[0.08em] uppercase placeholder:tracking-[0.08em]"
            />
          )}
        </Field>
        <Field label={t('adminSignups.accessCodes.form.maxUses')} optional hint={t('adminSignups.accessCodes.form.maxUsesHint')} error={errors.maxUses}>
          {(control) => (
            <Input {...control} type="number" inputMode="numeric" min={1} max={ADMIN_LIMITS.accessCodeUsesMax} step={1} value={draft.maxUses} onChange={(event) => change('maxUses', event.target.value)} />
          )}
        </Field>
        <Field label={t('adminSignups.accessCodes.form.expiresAt')} optional hint={t('adminSignups.accessCodes.form.expiresAtHint', { zone })} error={errors.expiresAt}>
          {(control) => <Input {...control} type="datetime-local" min={localInputValue(new Date())} value={draft.expiresAt} onChange={(event) => change('expiresAt', event.target.value)} />}
        </Field>
      </div>
      {errors.form ? (
        <Alert className="mt-4" tone="error">
          {errors.form}
        </Alert>
      ) : null}
      <div className="mt-5 flex justify-end">
        <Button type="submit" loading={create.isPending} className="w-full sm:w-auto">
          {create.isPending ? t('adminSignups.accessCodes.form.submitting') : t('adminSignups.accessCodes.form.submit')}
        </Button>
      </div>
    </form>
  );
}
