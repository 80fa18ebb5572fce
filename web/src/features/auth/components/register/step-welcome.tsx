import { LIMITS } from '@meld/shared';
import { useTranslation } from '@/lib/use-translation.ts';
import { Field } from '@/components/ui/field.tsx';
import { Input } from '@/components/ui/input.tsx';
import type { RegisterWizard } from '../../hooks/use-register-wizard.ts';

export function StepWelcome({ wizard }: { wizard: RegisterWizard }) {
  const { t } = useTranslation();
  return (
    <Field label={t('register.fields.name')} error={wizard.errors.name ? t(wizard.errors.name) : null}>
      {({ invalid, ...control }) => (
        <Input
          {...control}
          invalid={invalid}
          autoFocus
          autoComplete="given-name"
          maxLength={LIMITS.nameMax}
          placeholder={t('register.fields.namePlaceholder')}
          value={wizard.draft.name}
          onChange={(event) => wizard.updateText('name', event.target.value)}
        />
      )}
    </Field>
  );
}
