import type { ThemeCluster } from '@meld/shared';
import { useTranslation } from 'react-i18next';
import { bubbleSize } from '../lib/fragment-text.ts';

/** Theme colours the server may name; anything else falls back to the palette in turn. */
const PALETTE = ['bg-accent-soft text-accent-strong', 'bg-sage-soft text-ink', 'bg-warning-soft text-ink', 'bg-sunken text-ink'];
const NAMED: Record<string, string> = { ember: PALETTE[0]!, accent: PALETTE[0]!, sage: PALETTE[1]!, sand: PALETTE[2]!, stone: PALETTE[3]! };

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
      <ul className="mt-6 flex flex-wrap items-center justify-center gap-5">
        {themes.map((theme, index) => {
          const size = bubbleSize(theme.fragmentCount);
          const change = changeLabel(theme.changePercent);
          return (
            <li key={theme.id} className="flex flex-col items-center gap-2">
              <button
                type="button"
                onClick={() => onOpen(theme)}
                aria-label={t('fragments.themes.bubble', { label: theme.label, count: theme.fragmentCount, change })}
                data-size={size}
                style={{ width: size, height: size }}
                className={`flex flex-col items-center justify-center rounded-full p-3 text-center shadow-soft ring-1 ring-line transition-transform hover:scale-105 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus ${NAMED[theme.color] ?? PALETTE[index % PALETTE.length]}`}
              >
                <span className="line-clamp-2 font-serif text-sm leading-tight font-semibold">{theme.label}</span>
                <span className="mt-1 text-xs opacity-80">{t('fragments.themes.count', { count: theme.fragmentCount })}</span>
              </button>
              <span className="text-xs text-ink-faint" aria-hidden="true">
                {change}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
