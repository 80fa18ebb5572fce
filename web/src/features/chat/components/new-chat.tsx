import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { buttonClasses } from '@/components/ui/button.tsx';

/**
 * /c/new before generation exists: a calm explanation and the way in that works today
 * (importing). No composer is drawn until sending works.
 */
export function NewChat() {
  const { t } = useTranslation();

  return (
    <div className="mx-auto flex min-h-[calc(100dvh-8rem)] w-full max-w-xl flex-col justify-center px-6 pb-16">
      <div className="animate-slide-up">
        <span aria-hidden="true" className="mb-6 grid size-14 place-items-center rounded-2xl bg-accent-soft text-accent">
          <svg viewBox="0 0 24 24" className="size-7" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round">
            <path d="M4 6.5A2.5 2.5 0 0 1 6.5 4h11A2.5 2.5 0 0 1 20 6.5v7a2.5 2.5 0 0 1-2.5 2.5H11l-4 4v-4h-.5A2.5 2.5 0 0 1 4 13.5z" />
          </svg>
        </span>
        <p className="text-sm font-medium tracking-wide text-accent uppercase">{t('chat.newPage.eyebrow')}</p>
        <h1 className="mt-2 text-4xl font-semibold text-ink sm:text-5xl">{t('chat.newPage.title')}</h1>
        <p className="mt-5 text-lg leading-relaxed text-ink-soft">{t('chat.newPage.body')}</p>
        <Link to="/settings/data" className={buttonClasses('primary', 'lg', 'mt-8')}>
          {t('chat.newPage.import')}
        </Link>
      </div>
    </div>
  );
}
