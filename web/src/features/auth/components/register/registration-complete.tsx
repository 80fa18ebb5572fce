import { REDIRECT_COUNTDOWN_SECONDS } from '@meld/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button.tsx';
import { AFTER_REGISTER_PATH } from '../../hooks/use-register-wizard.ts';

/** Shown when registration succeeded without a session (e.g. e-mail to verify first): 3 s, then on. */
export function RegistrationComplete({ name }: { name: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [secondsLeft, setSecondsLeft] = useState(REDIRECT_COUNTDOWN_SECONDS);

  useEffect(() => {
    const timer = window.setInterval(() => setSecondsLeft((current) => Math.max(0, current - 1)), 1000);
    return () => window.clearInterval(timer);
  }, []);

  useEffect(() => {
    if (secondsLeft === 0) void navigate(AFTER_REGISTER_PATH, { replace: true });
  }, [secondsLeft, navigate]);

  return (
    <div className="flex flex-col items-center gap-4 py-4 text-center animate-fade-in" role="status">
      <span className="grid size-14 place-items-center rounded-full bg-sage-soft text-sage" aria-hidden="true">
        <svg viewBox="0 0 24 24" className="size-7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          <path d="m5 12.5 4.5 4.5L19 7.5" />
        </svg>
      </span>
      <h2 className="text-2xl font-semibold text-ink">{t('register.done.title', { name: name.trim() })}</h2>
      <p className="text-ink-soft">{t('register.done.body')}</p>
      <p className="text-sm text-ink-faint">{t('register.done.countdown', { count: secondsLeft })}</p>
      <Button variant="secondary" onClick={() => void navigate(AFTER_REGISTER_PATH, { replace: true })}>
        {t('register.done.goNow')}
      </Button>
    </div>
  );
}
