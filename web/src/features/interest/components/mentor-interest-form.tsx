import { CAREER_STAGE_OPTIONS, INDUSTRY_OPTIONS, INTEREST_LIMITS, LIMITS, mentorInterestBody } from '@meld/shared';
import type { FormEvent } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { Alert } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Field } from '@/components/ui/field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { useMentorInterestMutation } from '../api/interest-mutations.ts';
import { useInterestForm } from '../hooks/use-interest-form.ts';
import { useOptions } from '../lib/options.ts';
import { submitErrorKey } from '../lib/submit-error.ts';
import { OptionSelect } from './option-select.tsx';
import { RequiredLabel } from './required-label.tsx';

const EMPTY = { firstName: '', lastName: '', email: '', jobTitle: '', company: '', industry: '', careerStage: '' };
type TextField = 'firstName' | 'lastName' | 'email' | 'jobTitle' | 'company';

/** /mentors/signup's form: on success the page shows the thank-you with the address the server stored. */
export function MentorInterestForm({ onSubmitted }: { onSubmitted: (email: string) => void }) {
  const { t } = useTranslation();
  const form = useInterestForm(mentorInterestBody, EMPTY);
  const mutation = useMentorInterestMutation();
  const industries = useOptions('industry', INDUSTRY_OPTIONS);
  const careerStages = useOptions('careerStage', CAREER_STAGE_OPTIONS);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body = form.check();
    if (!body || mutation.isPending) return;
    mutation.mutate(body, { onSuccess: () => onSubmitted(body.email) });
  };

  const text = (field: TextField, options: { required?: boolean; type?: string; autoComplete?: string; max: number }) => (
    <Field label={options.required ? <RequiredLabel>{t(`interest.mentor.${field}`)}</RequiredLabel> : t(`interest.mentor.${field}`)} optional={!options.required} error={form.error(field)}>
      {(control) => (
        <Input
          {...control}
          name={field}
          aria-required={options.required || undefined}
          type={options.type ?? 'text'}
          autoComplete={options.autoComplete}
          maxLength={options.max}
          value={form.values[field]}
          onChange={(event) => form.set(field, event.target.value)}
          onBlur={() => form.touch(field)}
        />
      )}
    </Field>
  );

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      <p className="-mt-2 text-center text-ink-soft">{t('interest.mentor.intro')}</p>
      {mutation.isError ? <Alert tone="error">{t(submitErrorKey(mutation.error))}</Alert> : null}
      <div className="grid gap-5 sm:grid-cols-2">
        {text('firstName', { required: true, autoComplete: 'given-name', max: INTEREST_LIMITS.nameMax })}
        {text('lastName', { autoComplete: 'family-name', max: INTEREST_LIMITS.nameMax })}
      </div>
      {text('email', { required: true, type: 'email', autoComplete: 'email', max: LIMITS.emailMax })}
      {text('jobTitle', { required: true, autoComplete: 'organization-title', max: INTEREST_LIMITS.titleMax })}
      {text('company', { autoComplete: 'organization', max: INTEREST_LIMITS.titleMax })}
      {(['industry', 'careerStage'] as const).map((field) => (
        // Labelled required, not enforced (spec 001 section 5).
        <Field key={field} label={<RequiredLabel>{t(`interest.mentor.${field}`)}</RequiredLabel>} error={form.error(field)}>
          {(control) => (
            <OptionSelect
              control={control}
              name={field}
              label={t(`interest.mentor.${field}`)}
              options={field === 'industry' ? industries : careerStages}
              value={form.values[field]}
              placeholder={t('interest.choose')}
              onChange={(value) => form.set(field, value)}
              onBlur={() => form.touch(field)}
            />
          )}
        </Field>
      ))}
      <Button type="submit" size="lg" block loading={mutation.isPending} className="mt-1">
        {mutation.isPending ? t('interest.submitting') : t('interest.submit')}
      </Button>
    </form>
  );
}
