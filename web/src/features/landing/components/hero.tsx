import { useTranslation } from '@/lib/use-translation.ts';
import { Link } from 'react-router-dom';
import { buttonClasses } from '@/components/ui/button.tsx';
import { CompassPreview } from './compass-preview.tsx';

export function Hero() {
  const { t } = useTranslation();
  return (
    <section className="mx-auto grid max-w-6xl items-center gap-12 px-5 pt-10 pb-20 sm:px-8 lg:grid-cols-[1.1fr_0.9fr] lg:pt-16 lg:pb-28">
      <div className="animate-slide-up">
        <p className="inline-flex items-center gap-2 rounded-full border border-line bg-surface/70 px-3 py-1 text-sm font-medium text-ink-soft">
          <span className="size-1.5 rounded-full bg-accent" aria-hidden="true" />
          {t('landing.hero.eyebrow')}
        </p>
        <h1 className="mt-6 text-[2.6rem] leading-[1.05] font-semibold whitespace-pre-line text-ink sm:text-6xl">{t('landing.hero.title')}</h1>
        <p className="mt-6 max-w-xl text-lg leading-relaxed text-ink-soft">{t('landing.hero.body')}</p>
        <div className="mt-9 flex flex-col gap-3 sm:flex-row sm:items-center">
          <a href="#access" className={buttonClasses('primary', 'lg')}>
            {t('landing.hero.cta')}
          </a>
          <Link to="/login" className={buttonClasses('ghost', 'lg')}>
            {t('landing.hero.secondary')}
          </Link>
        </div>
      </div>
      <CompassPreview />
    </section>
  );
}
