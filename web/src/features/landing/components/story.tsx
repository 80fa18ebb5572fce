import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';

const glyph = (path: ReactNode) => (
  <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
    {path}
  </svg>
);

const items = [
  { key: 'compass', icon: glyph(<><circle cx="12" cy="12" r="8.5" /><path d="m15 9-2 4-4 2 2-4z" /></>) },
  { key: 'reflection', icon: glyph(<path d="M20 14.5A8 8 0 1 1 9.5 4a6.5 6.5 0 0 0 10.5 10.5Z" />) },
  { key: 'mentor', icon: glyph(<><path d="M4 6.5A2.5 2.5 0 0 1 6.5 4h11A2.5 2.5 0 0 1 20 6.5v7a2.5 2.5 0 0 1-2.5 2.5H11l-4 4v-4h-.5A2.5 2.5 0 0 1 4 13.5z" /></>) },
  { key: 'wins', icon: glyph(<><path d="M8 4h8v5a4 4 0 0 1-8 0z" /><path d="M12 13v4M8.5 20h7M16 6h2.5a2 2 0 0 1-2.5 3.5M8 6H5.5A2 2 0 0 0 8 9.5" /></>) },
] as const;

export function Story() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="story-title" className="border-y border-line bg-surface/60">
      <div className="mx-auto max-w-6xl px-5 py-20 sm:px-8 lg:py-24">
        <div className="max-w-2xl">
          <p className="text-sm font-medium tracking-wide text-accent uppercase">{t('landing.story.eyebrow')}</p>
          <h2 id="story-title" className="mt-3 text-3xl leading-tight font-semibold text-ink sm:text-4xl">
            {t('landing.story.title')}
          </h2>
          <p className="mt-4 text-lg leading-relaxed text-ink-soft">{t('landing.story.body')}</p>
        </div>
        <ul className="mt-14 grid gap-x-10 gap-y-10 sm:grid-cols-2 lg:grid-cols-4">
          {items.map((item) => (
            <li key={item.key}>
              <span className="grid size-10 place-items-center rounded-xl bg-accent-soft text-accent">{item.icon}</span>
              <h3 className="mt-4 text-lg font-semibold text-ink">{t(`landing.story.items.${item.key}.title`)}</h3>
              <p className="mt-2 leading-relaxed text-ink-soft">{t(`landing.story.items.${item.key}.body`)}</p>
            </li>
          ))}
        </ul>
        <figure className="mx-auto mt-20 max-w-3xl text-center">
          <blockquote className="font-serif text-2xl leading-snug text-ink italic sm:text-3xl">“{t('landing.quote.text')}”</blockquote>
          <figcaption className="mt-4 text-sm text-ink-faint">{t('landing.quote.by')}</figcaption>
        </figure>
      </div>
    </section>
  );
}
