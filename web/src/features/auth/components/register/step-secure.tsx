import { LIMITS } from '@meld/shared';
import { useTranslation } from '@/lib/use-translation.ts';
import { Field } from '@/components/ui/field.tsx';
import { Input } from '@/components/ui/input.tsx';
import type { RegisterWizard } from '../../hooks/use-register-wizard.ts';
import { PasswordInput } from '../password-input.tsx';

export function StepSecure({ wizard }: { wizard: RegisterWizard }) {
  const { t } = useTranslation();
  const { draft, errors, updateText } = wizard;
  return (
    <div className="flex flex-col gap-5">
      <Field label={t('register.fields.email')} error={errors.email ? t(errors.email) : null}>
        {({ invalid, ...control }) => (
          <Input
            {...control}
            invalid={invalid}
            autoFocus
            type="email"
            inputMode="email"
            autoComplete="email"
            maxLength={LIMITS.emailMax + 20}
            value={draft.email}
            onChange={(event) => updateText('email', event.target.value)}
          />
        )}
      </Field>
      <Field label={t('register.fields.password')} hint={t('register.fields.passwordHint')} error={errors.password ? t(errors.password) : null}>
        {({ invalid, ...control }) => (
          <PasswordInput
            {...control}
            invalid={invalid}
            autoComplete="new-password"
            value={draft.password}
            onChange={(event) => updateText('password', event.target.value)}
          />
        )}
      </Field>
      <Field label={t('register.fields.confirmPassword')} error={errors.confirmPassword ? t(errors.confirmPassword) : null}>
        {({ invalid, ...control }) => (
          <PasswordInput
            {...control}
            invalid={invalid}
            autoComplete="new-password"
            value={draft.confirmPassword}
            onChange={(event) => updateText('confirmPassword', event.target.value)}
          />
        )}
      </Field>
    </div>
  );
}
