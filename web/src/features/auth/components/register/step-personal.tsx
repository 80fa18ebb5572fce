import { LIMITS } from '@meld/shared';
import { useTranslation } from '@/lib/use-translation.ts';
import { Field } from '@/components/ui/field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { todayIsoDay } from '@/lib/dates.ts';
import type { RegisterWizard } from '../../hooks/use-register-wizard.ts';
import { StateCombobox } from './state-combobox.tsx';

export function StepPersonal({ wizard }: { wizard: RegisterWizard }) {
  const { t } = useTranslation();
  const { draft, updateText } = wizard;
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <Field label={t('register.fields.city')} optional>
        {({ invalid, ...control }) => (
          <Input
            {...control}
            invalid={invalid}
            autoFocus
            autoComplete="address-level2"
            maxLength={LIMITS.cityMax}
            value={draft.city}
            onChange={(event) => updateText('city', event.target.value)}
          />
        )}
      </Field>
      <Field label={t('register.fields.state')} optional>
        {(control) => <StateCombobox control={control} value={draft.state} onChange={(value) => updateText('state', value)} />}
      </Field>
      <Field label={t('register.fields.birthday')} optional className="sm:col-span-2">
        {({ invalid, ...control }) => (
          <Input
            {...control}
            invalid={invalid}
            type="date"
            autoComplete="bday"
            min="1900-01-01"
            max={todayIsoDay()}
            value={draft.birthday}
            onChange={(event) => updateText('birthday', event.target.value)}
            className="sm:max-w-[calc(50%-0.625rem)]"
          />
        )}
      </Field>
    </div>
  );
}
