import { useState } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { UserInterestForm } from '../components/user-interest-form.tsx';
import { UserSuccess } from '../components/user-success.tsx';

/** /users/signup inside the auth layout: the waitlist form, then its two-step success. */
export function Component() {
  const { t } = useTranslation();
  const [signup, setSignup] = useState<{ id: string; email: string } | null>(null);
  if (signup) return <UserSuccess signup={signup} />;
  return (
    <>
      <header className="mb-7 text-center">
        <h1 className="text-3xl font-semibold text-ink">{t('interest.user.title')}</h1>
        <p className="mt-2 text-ink-soft">{t('interest.user.intro')}</p>
      </header>
      <UserInterestForm onSubmitted={setSignup} />
    </>
  );
}
