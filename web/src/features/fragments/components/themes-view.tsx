import type { ThemeCluster } from '@meld/shared';
import { useTranslation } from '@/lib/use-translation.ts';
import { bubbleSize } from '../lib/fragment-text.ts';

interface ThemesViewProps {
  themes: readonly ThemeCluster[];
  onOpen: (theme: ThemeCluster) => void;
}

function useChangeLabel() {
  const { t } = useTranslation();
  return (change: number | null) => (change === null ? t('fragments.themes.changeNew') : t('fragments.themes.change', { value: change > 0 ? `+${Math.round(change)}` : String(Math.round(change)) }));
}

/** Themes as bubbles, 10 px per fragment clamped to 80-160 px (spec 002 section 9); one opens its fragments. */
export function ThemesView({ themes, onOpen }: ThemesViewProps) {
  const { t } = useTranslation();
  const changeLabel = useChangeLabel();
  if (themes.length === 0) {
    return <p className="rounded-2xl border border-dashed border-line-strong px-6 py-10 text-center text-ink-soft">{t('fragments.themes.empty')}</p>;
  }
  return (
    <section aria-label={t('fragments.themes.label')}>
      <p className="text-sm text-ink-soft">{t('fragments.themes.intro')}</p>
      <ul className="mt-8 flex flex-wrap items-end justify-center gap-x-8 gap-y-10">
        {themes.map((theme) => {
          const size = bubbleSize(theme.fragmentCount);
          const change = changeLabel(theme.changePercent);
          return (
            <li key={theme.id}>
              <button
                type="button"
                onClick={() => onOpen(theme)}
                aria-label={t('fragments.themes.bubble', { label: theme.label, count: theme.fragmentCount, change })}
                className="group flex flex-col items-center gap-3 rounded-3xl p-1 text-center focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-focus"
              >
                <span
                  data-testid="theme-bubble"
                  // The theme's own colour, softened into the paper so the count stays readable in both themes.
                  style={{
                    width: size,
                    height: size,
                    backgroundColor: `color-mix(in srgb, ${theme.color} 20%, var(--color-surface))`,
                    borderColor: `color-mix(in srgb, ${theme.color} 50%, transparent)`,
                  }}
                  className="grid place-items-center rounded-full border text-ink shadow-soft transition-transform duration-200 group-hover:scale-105"
                  aria-hidden="true"
                >
                  <span className="font-serif text-2xl font-semibold">{theme.fragmentCount}</span>
                </span>
                <span className="flex flex-col items-center" aria-hidden="true">
                  <span className="font-serif text-base font-semibold text-ink">{theme.label}</span>
                  <span className="text-xs text-ink-soft">{t('fragments.themes.count', { count: theme.fragmentCount })}</span>
                  <span className={theme.changePercent !== null && theme.changePercent < 0 ? 'text-xs text-ink-faint' : 'text-xs text-sage'}>{change}</span>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
