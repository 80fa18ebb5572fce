import clsx from 'clsx';
import { useSyncExternalStore } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { readThemeChoice, setThemeChoice, subscribeTheme, type ThemeChoice } from '@/lib/theme.ts';

const CHOICES: readonly ThemeChoice[] = ['system', 'dark', 'light'];

/** System, dark or light as a segmented radio group; the shell's shortcut and this stay in step. */
export function ThemeChoiceControl({ labelledBy }: { labelledBy: string }) {
  const { t } = useTranslation();
  const current = useSyncExternalStore(subscribeTheme, readThemeChoice, () => 'system' as const);
  return (
    <div role="radiogroup" aria-labelledby={labelledBy} className="inline-flex rounded-xl border border-line bg-sunken/60 p-1">
      {CHOICES.map((choice) => (
        <label
          key={choice}
          className={clsx(
            'cursor-pointer rounded-lg px-3.5 py-1.5 text-sm transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-focus',
            current === choice ? 'bg-surface font-medium text-ink shadow-soft' : 'text-ink-soft hover:text-ink',
          )}
        >
          <input type="radio" name="theme" value={choice} checked={current === choice} onChange={() => setThemeChoice(choice)} className="sr-only" />
          {t(`settings.general.theme.${choice}`)}
        </label>
      ))}
    </div>
  );
}
