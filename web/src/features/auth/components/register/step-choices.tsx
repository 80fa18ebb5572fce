import { LIMITS } from '@meld/shared';
import { useTranslation } from '@/lib/use-translation.ts';
import { ChoiceCards } from '@/components/ui/choice-cards.tsx';
import { Field } from '@/components/ui/field.tsx';
import { Input } from '@/components/ui/input.tsx';
import type { RegisterWizard } from '../../hooks/use-register-wizard.ts';
import { CHOICE_OPTIONS, type ChoiceSet } from '../../lib/wizard-model.ts';

interface StepChoicesProps {
  wizard: RegisterWizard;
  set: ChoiceSet;
  title: string;
  otherTextRequired: boolean;
}

/** A multi-select step; where the set has "Other", choosing it reveals a text box. */
export function StepChoices({ wizard, set, title, otherTextRequired }: StepChoicesProps) {
  const { t } = useTranslation();
  const selected = wizard.draft.choices[set];
  const otherText = wizard.draft.other[set];
  // Labels are looked up per set so every option id has human wording in the resources.
  const options = CHOICE_OPTIONS[set].map((id) => ({
    id,
    label: t(`register.options.${set}.${id}.label` as 'register.options.whyHere.goal.label'),
    description: t(`register.options.${set}.${id}.description` as 'register.options.whyHere.goal.description'),
  }));

  return (
    <div className="flex flex-col gap-5">
      <ChoiceCards legend={title} hideLegend options={options} value={selected} onChange={(ids) => wizard.setChoices(set, ids)} />
      {selected.includes('other') ? (
        <Field
          label={t('register.fields.otherLabel')}
          optional={!otherTextRequired}
          className="animate-fade-in"
          hint={otherTextRequired && !otherText.trim() ? t('register.fields.otherRequired') : undefined}
        >
          {({ invalid, ...control }) => (
            <Input
              {...control}
              invalid={invalid}
              autoFocus
              maxLength={LIMITS.choiceListMax - 100}
              placeholder={t('register.fields.otherPlaceholder')}
              value={otherText}
              onChange={(event) => wizard.setOther(set, event.target.value)}
            />
          )}
        </Field>
      ) : null}
    </div>
  );
}
