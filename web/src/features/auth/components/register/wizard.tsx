import { WIZARD_STEPS } from '@meld/shared';
import { useEffect, useRef, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { Alert } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { ProgressBar } from '@/components/ui/progress-bar.tsx';
import { useRegisterWizard, type RegisterWizard } from '../../hooks/use-register-wizard.ts';
import { useHideSocialLogin } from '../../lib/layout-context.ts';
import { CHOICE_STEPS, LAST_STEP, STEP_IDS, type StepId } from '../../lib/wizard-model.ts';
import { RegistrationComplete } from './registration-complete.tsx';
import { StepChoices } from './step-choices.tsx';
import { StepPersonal } from './step-personal.tsx';
import { StepSecure } from './step-secure.tsx';
import { StepWelcome } from './step-welcome.tsx';

function StepBody({ id, wizard, title }: { id: StepId; wizard: RegisterWizard; title: string }) {
  if (id === 'welcome') return <StepWelcome wizard={wizard} />;
  if (id === 'personal') return <StepPersonal wizard={wizard} />;
  if (id === 'secure') return <StepSecure wizard={wizard} />;
  const choice = CHOICE_STEPS[id]!;
  return <StepChoices key={id} wizard={wizard} set={choice.set} title={title} otherTextRequired={choice.otherTextRequired} />;
}

/** The seven-step sign-up wizard of spec 001 section 4. */
export function RegisterWizardForm() {
  const { t } = useTranslation();
  const wizard = useRegisterWizard();
  const { step, register } = wizard;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const id = STEP_IDS[step]!;
  const title = t(`register.steps.${id}.title`);
  // Social sign-up is an alternative to the wizard, so it is offered on its first step only.
  useHideSocialLogin(step > 0 || wizard.completed);

  // Choice steps have no text box to focus, so move focus to the new heading for screen readers.
  useEffect(() => {
    if (CHOICE_STEPS[STEP_IDS[step]!]) headingRef.current?.focus();
  }, [step]);

  if (wizard.completed) return <RegistrationComplete name={wizard.draft.name} />;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    wizard.advance();
  };

  // Enter advances from anywhere in the step (checkbox cards included), or submits on the last one.
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key !== 'Enter' || event.defaultPrevented) return;
    const target = event.target as HTMLElement;
    if (target.tagName === 'BUTTON' || target.tagName === 'A' || target.tagName === 'TEXTAREA') return;
    event.preventDefault();
    wizard.advance();
  };

  return (
    <form onSubmit={onSubmit} onKeyDown={onKeyDown} noValidate>
      <div className="mb-7">
        <div className="mb-2.5 flex items-center justify-between text-sm">
          <span className="font-medium text-ink-soft">{t('register.stepOf', { current: String(step + 1), total: String(WIZARD_STEPS) })}</span>
        </div>
        <ProgressBar
          value={step + 1}
          max={WIZARD_STEPS}
          label={t('register.progress')}
          valueText={t('register.stepOf', { current: String(step + 1), total: String(WIZARD_STEPS) })}
        />
      </div>

      <div key={id} className="animate-slide-up">
        <h2 ref={headingRef} tabIndex={-1} className="text-2xl font-semibold text-ink outline-none">
          {title}
        </h2>
        <p className="mt-1.5 mb-6 text-ink-soft">{t(`register.steps.${id}.intro`)}</p>
        <StepBody id={id} wizard={wizard} title={title} />
      </div>

      {register.isError ? (
        <Alert tone="error" className="mt-6">
          {register.error.message || t('errors.generic')}
        </Alert>
      ) : null}

      <div className="mt-8 flex items-center justify-between gap-3">
        {step > 0 ? (
          <Button variant="ghost" onClick={wizard.back} disabled={register.isPending}>
            {t('register.back')}
          </Button>
        ) : (
          <span />
        )}
        <Button type="submit" size="lg" disabled={!wizard.canGoNext} loading={register.isPending} className="min-w-36">
          {step === LAST_STEP ? (register.isPending ? t('register.submitting') : t('register.submit')) : t('register.next')}
        </Button>
      </div>
    </form>
  );
}
