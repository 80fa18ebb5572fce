import { useTranslation } from '@/lib/use-translation.ts';
import { useNavigate } from 'react-router-dom';
import { AccessCodeBox } from '@/components/access-code/access-code-box.tsx';

export function PilotAccess() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <section id="access" aria-labelledby="access-title" className="mx-auto max-w-6xl scroll-mt-8 px-5 py-20 sm:px-8 lg:py-28">
      <div className="mx-auto max-w-xl rounded-3xl border border-line bg-surface p-7 shadow-lift sm:p-10">
        <p className="text-sm font-medium tracking-wide text-accent uppercase">{t('landing.pilot.eyebrow')}</p>
        <h2 id="access-title" className="mt-3 text-3xl font-semibold text-ink">
          {t('landing.pilot.title')}
        </h2>
        <p className="mt-3 leading-relaxed text-ink-soft">{t('landing.pilot.body')}</p>
        <AccessCodeBox className="mt-8" onValidated={() => navigate('/register')} />
      </div>
    </section>
  );
}
