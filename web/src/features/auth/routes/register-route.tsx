import { useState } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { AccessCodeBox } from '@/components/access-code/access-code-box.tsx';
import { readSignupCode } from '@/lib/signup-code.ts';
import { RegisterWizardForm } from '../components/register/wizard.tsx';

/** /register: the pilot access-code gate, then the seven-step wizard. */
export function Component() {
  const { t } = useTranslation();
  // Read once: the wizard clears the code after sign-up and must not bounce back to the gate.
  const [unlocked, setUnlocked] = useState(() => readSignupCode() !== null);

  if (!unlocked) {
    return (
      <section aria-labelledby="gate-title">
        <h2 id="gate-title" className="text-xl font-semibold text-ink">
          {t('register.gate.title')}
        </h2>
        <p className="mt-2 mb-6 text-ink-soft">{t('register.gate.body')}</p>
        <AccessCodeBox onValidated={() => setUnlocked(true)} />
      </section>
    );
  }
  return <RegisterWizardForm />;
}
