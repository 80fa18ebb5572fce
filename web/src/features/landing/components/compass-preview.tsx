import { useTranslation } from '@/lib/use-translation.ts';

/** A decorative glimpse of the morning compass: purely visual, hidden from assistive technology. */
export function CompassPreview() {
  const { t } = useTranslation();
  return (
    <div aria-hidden="true" className="relative mx-auto mb-14 w-full max-w-md select-none lg:mx-0 lg:justify-self-end">
      <div className="absolute -inset-6 -z-10 rounded-[2.5rem] bg-gradient-to-br from-accent-soft via-canvas to-sage-soft opacity-80 blur-2xl" />
      <div className="rotate-[-1.5deg] rounded-3xl border border-line bg-surface p-6 pb-12 shadow-lift sm:pb-8">
        <div className="flex items-center justify-between text-sm">
          <span className="font-medium text-ink">{t('landing.story.items.compass.title')}</span>
          <span className="rounded-full bg-sage-soft px-2.5 py-0.5 text-xs font-medium text-sage">{t('landing.preview.time')}</span>
        </div>
        {[
          { label: t('landing.preview.mood'), value: 72, tone: 'bg-accent' },
          { label: t('landing.preview.energy'), value: 58, tone: 'bg-sand' },
        ].map((row) => (
          <div key={row.label} className="mt-5">
            <div className="flex justify-between text-xs text-ink-faint">
              <span>{row.label}</span>
              <span>{row.value}</span>
            </div>
            <div className="mt-2 h-2 rounded-full bg-sunken">
              <div className={`h-full rounded-full ${row.tone}`} style={{ width: `${row.value}%` }} />
            </div>
          </div>
        ))}
        <p className="mt-6 border-t border-line pt-5 font-serif text-xl leading-snug text-ink italic">{t('landing.preview.intention')}</p>
      </div>
      <div className="absolute -right-2 -bottom-16 w-56 rotate-[2deg] rounded-2xl border border-line bg-surface p-4 shadow-soft sm:-right-8">
        <p className="text-xs font-medium tracking-wide text-accent uppercase">{t('landing.story.items.wins.title')}</p>
        <p className="mt-1.5 font-serif text-base leading-snug text-ink">{t('landing.preview.win')}</p>
      </div>
    </div>
  );
}
