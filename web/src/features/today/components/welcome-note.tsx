import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button.tsx';

/** The first-visit note after sign-up (?tour=checkin); dismissing it drops the query parameter. */
export function WelcomeNote({ name, onDismiss }: { name: string; onDismiss: () => void }) {
  const { t } = useTranslation();
  return (
    <aside
      aria-labelledby="welcome-note-title"
      className="relative mt-8 animate-slide-up overflow-hidden rounded-2xl border border-line bg-surface p-6 shadow-soft sm:p-7"
    >
      <span className="absolute inset-y-0 left-0 w-1 bg-gradient-to-b from-accent to-sand" aria-hidden="true" />
      <h2 id="welcome-note-title" className="text-xl font-semibold text-ink">
        {t('today.tour.title', { name })}
      </h2>
      <p className="mt-2 max-w-prose leading-relaxed text-ink-soft">{t('today.tour.body')}</p>
      <Button variant="secondary" size="sm" className="mt-5" onClick={onDismiss}>
        {t('today.tour.dismiss')}
      </Button>
    </aside>
  );
}
