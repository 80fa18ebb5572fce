import { INTEREST_LIMITS, LIMITS, REFERRAL_SOURCE_OPTIONS, SITUATION_OPTIONS, userInterestBody, type Situation } from '@meld/shared';
import type { FormEvent } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { Alert } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Field } from '@/components/ui/field.tsx';
import { Input, inputClasses } from '@/components/ui/input.tsx';
import { useUserInterestMutation } from '../api/interest-mutations.ts';
import { useInterestForm } from '../hooks/use-interest-form.ts';
import { useOptions } from '../lib/options.ts';
import { submitErrorKey } from '../lib/submit-error.ts';
import { OptionSelect } from './option-select.tsx';
import { RequiredLabel } from './required-label.tsx';
import { SituationFields } from './situation-fields.tsx';
import { EMPTY_USER_INTEREST } from '../lib/user-values.ts';

/** /users/signup's form. The situation decides which questions follow; motivation waits for it. */
export function UserInterestForm({ onSubmitted }: { onSubmitted: (signup: { id: string; email: string }) => void }) {
  const { t } = useTranslation();
  const form = useInterestForm(userInterestBody, EMPTY_USER_INTEREST, { afterSubmit: ['situationFields'] });
  const mutation = useUserInterestMutation();
  const situations = useOptions('currentSituation', SITUATION_OPTIONS);
  const sources = useOptions('referralSource', REFERRAL_SOURCE_OPTIONS);
  const { values } = form;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body = form.check();
    if (!body || mutation.isPending) return;
    mutation.mutate(body, { onSuccess: ({ _id }) => onSubmitted({ id: _id, email: body.email }) });
  };

  const select = (field: 'currentSituation' | 'referralSource', options: { value: string; label: string }[]) => (
    <Field label={<RequiredLabel>{t(`interest.user.${field}`)}</RequiredLabel>} error={form.error(field)}>
      {(control) => (
        <OptionSelect
          control={control}
          name={field}
          label={t(`interest.user.${field}`)}
          options={options}
          value={values[field]}
          placeholder={t('interest.choose')}
          onChange={(value) => form.set(field, value)}
          onBlur={() => form.touch(field)}
        />
      )}
    </Field>
  );

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      {mutation.isError ? <Alert tone="error">{t(submitErrorKey(mutation.error))}</Alert> : null}
      {(['name', 'email'] as const).map((field) => (
        <Field key={field} label={<RequiredLabel>{t(`interest.user.${field}`)}</RequiredLabel>} error={form.error(field)}>
          {(control) => (
            <Input
              {...control}
              name={field}
              aria-required
              type={field === 'email' ? 'email' : 'text'}
              autoComplete={field}
              maxLength={field === 'email' ? LIMITS.emailMax : INTEREST_LIMITS.nameMax}
              value={values[field]}
              onChange={(event) => form.set(field, event.target.value)}
              onBlur={() => form.touch(field)}
            />
          )}
        </Field>
      ))}
      {select('currentSituation', situations)}
      {values.currentSituation ? (
        <>
          <SituationFields situation={values.currentSituation as Situation} form={form} />
          <Field label={<RequiredLabel>{t('interest.user.motivation')}</RequiredLabel>} error={form.error('motivation')}>
            {(control) => {
              const { invalid, ...rest } = control;
              return (
                <textarea
                  {...rest}
                  name="motivation"
                  aria-required
                  rows={4}
                  maxLength={INTEREST_LIMITS.motivationMax}
                  placeholder={t('interest.user.motivationPlaceholder')}
                  value={values.motivation}
                  onChange={(event) => form.set('motivation', event.target.value)}
                  onBlur={() => form.touch('motivation')}
                  className={inputClasses(invalid, 'h-auto resize-y py-3 leading-relaxed')}
                />
              );
            }}
          </Field>
        </>
      ) : null}
      {select('referralSource', sources)}
      {values.referralSource === 'Other' ? (
        <Field label={t('interest.user.referralSourceOther')} optional error={form.error('referralSourceOther')}>
          {(control) => (
            <Input
              {...control}
              name="referralSourceOther"
              maxLength={INTEREST_LIMITS.referralOtherMax}
              value={values.referralSourceOther}
              onChange={(event) => form.set('referralSourceOther', event.target.value)}
              onBlur={() => form.touch('referralSourceOther')}
            />
          )}
        </Field>
      ) : null}
      <Button type="submit" size="lg" block loading={mutation.isPending} className="mt-1">
        {mutation.isPending ? t('interest.submitting') : t('interest.submit')}
      </Button>
    </form>
  );
}
