import { ACTIVELY_APPLYING_OPTIONS, INTEREST_LIMITS, SITUATION_FIELDS, SITUATION_REQUIRED_FIELD, type Situation } from '@meld/shared';
import { useTranslation } from '@/lib/use-translation.ts';
import { Field } from '@/components/ui/field.tsx';
import { Input, inputClasses } from '@/components/ui/input.tsx';
import { useOptions } from '../lib/options.ts';
import type { UserInterestForm, UserInterestValues } from '../lib/user-values.ts';
import { OptionSelect } from './option-select.tsx';
import { RequiredLabel } from './required-label.tsx';

type SituationField = (typeof SITUATION_FIELDS)[Situation][number];
type TextField = Exclude<SituationField, 'openToStudentMentorship' | 'openToMentoring' | 'activelyApplying' | 'currentFocus'>;

const TEXT_MAX: Record<TextField, number> = {
  currentSchool: INTEREST_LIMITS.titleMax,
  studyingField: INTEREST_LIMITS.titleMax,
  graduationYear: 4,
  jobTitle: INTEREST_LIMITS.titleMax,
  company: INTEREST_LIMITS.titleMax,
  workCity: INTEREST_LIMITS.placeMax,
  studiedField: INTEREST_LIMITS.titleMax,
  currentCity: INTEREST_LIMITS.placeMax,
};

const AUTOCOMPLETE: Partial<Record<TextField, string>> = { jobTitle: 'organization-title', company: 'organization', workCity: 'address-level2', currentCity: 'address-level2' };

/** The questions a situation asks (spec 001 section 3); its one required answer carries the mark. */
export function SituationFields({ situation, form }: { situation: Situation; form: UserInterestForm }) {
  const { t } = useTranslation();
  const applying = useOptions('activelyApplying', ACTIVELY_APPLYING_OPTIONS);
  const required = SITUATION_REQUIRED_FIELD[situation];
  const { values } = form;
  const label = (field: SituationField) => (field === required ? <RequiredLabel>{t(`interest.user.${field}`)}</RequiredLabel> : t(`interest.user.${field}`));

  const render = (field: SituationField) => {
    if (field === 'openToStudentMentorship' || field === 'openToMentoring') {
      return (
        <label key={field} className="flex cursor-pointer items-start gap-3 rounded-xl border border-line bg-surface px-4 py-3 text-ink hover:bg-sunken/40">
          <input
            type="checkbox"
            name={field}
            checked={values[field]}
            onChange={(event) => form.set(field, event.target.checked)}
            className="mt-0.5 size-4.5 shrink-0 accent-accent"
          />
          <span className="text-sm leading-relaxed">{t(`interest.user.${field}`)}</span>
        </label>
      );
    }
    if (field === 'activelyApplying') {
      return (
        <Field key={field} label={label(field)} optional error={form.error(field)}>
          {(control) => (
            <OptionSelect
              control={control}
              name={field}
              label={t(`interest.user.${field}`)}
              options={applying}
              value={values[field]}
              placeholder={t('interest.choose')}
              onChange={(value) => form.set(field, value)}
              onBlur={() => form.touch(field)}
            />
          )}
        </Field>
      );
    }
    if (field === 'currentFocus') {
      return (
        <Field key={field} label={label(field)} optional error={form.error(field)}>
          {({ invalid, ...control }) => (
            <textarea
              {...control}
              name={field}
              rows={3}
              maxLength={INTEREST_LIMITS.focusMax}
              value={values[field]}
              onChange={(event) => form.set(field, event.target.value)}
              onBlur={() => form.touch(field)}
              className={inputClasses(invalid, 'h-auto resize-y py-3 leading-relaxed')}
            />
          )}
        </Field>
      );
    }
    return (
      <Field key={field} label={label(field)} optional={field !== required} error={form.error(field)}>
        {(control) => (
          <Input
            {...control}
            name={field}
            aria-required={field === required || undefined}
            maxLength={TEXT_MAX[field]}
            autoComplete={AUTOCOMPLETE[field] ?? 'off'}
            {...(field === 'graduationYear' ? { inputMode: 'numeric' as const, placeholder: t('interest.user.graduationYearPlaceholder') } : {})}
            value={values[field] as UserInterestValues[TextField]}
            onChange={(event) => form.set(field, event.target.value)}
            onBlur={() => form.touch(field)}
          />
        )}
      </Field>
    );
  };

  return <div className="flex flex-col gap-5 border-l-2 border-accent/25 pl-4 animate-slide-up">{SITUATION_FIELDS[situation].map(render)}</div>;
}
