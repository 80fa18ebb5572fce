import clsx from 'clsx';
import { useTranslation } from '@/lib/use-translation.ts';
import { toggleTheme } from '@/lib/theme.ts';
import { useTheme } from '@/lib/use-theme.ts';

const sun = 'M12 3v1.5M12 19.5V21M4.6 4.6l1.1 1.1M18.3 18.3l1.1 1.1M3 12h1.5M19.5 12H21M4.6 19.4l1.1-1.1M18.3 5.7l1.1-1.1M16 12a4 4 0 1 1-8 0 4 4 0 0 1 8 0Z';
const moon = 'M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5Z';

/**
 * The light/dark switch in the top bar of every signed-in page. Ctrl+Shift+T (spec 002) still
 * works where the browser lets a page have it, but desktop browsers keep it to reopen a tab, so
 * this button is the switch that works everywhere (decision 0038). It names what it switches to.
 */
export function ThemeToggle({ className }: { className?: string }) {
  const { t } = useTranslation();
  const theme = useTheme();
  return (
    <button
      type="button"
      onClick={() => toggleTheme()}
      aria-label={theme === 'dark' ? t('shell.theme.toLight') : t('shell.theme.toDark')}
      title={theme === 'dark' ? t('shell.theme.toLight') : t('shell.theme.toDark')}
      className={clsx('grid size-10 shrink-0 place-items-center rounded-xl text-ink-soft hover:bg-sunken hover:text-ink', className)}
    >
      <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="1.7" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
        <path d={theme === 'dark' ? sun : moon} />
      </svg>
    </button>
  );
}
