import type { WinSource } from '@meld/shared';
import { useTranslation } from '@/lib/use-translation.ts';

/** One line-icon per source (spec 002 section 3: each source has an icon and a label). */
const ICONS: Record<WinSource, string> = {
  log: 'M5 4.5h10M5 8.5h10M5 12.5h6M3.5 2.5h13v15h-13z',
  chat: 'M4 4.5h12a1 1 0 0 1 1 1v7a1 1 0 0 1-1 1H9l-4 3v-3H4a1 1 0 0 1-1-1v-7a1 1 0 0 1 1-1z',
  manual: 'm12.5 3.5 4 4-9 9h-4v-4l9-9z',
  fragment: 'M10 2.5 17.5 10 10 17.5 2.5 10z',
};

export function SourceBadge({ source }: { source: WinSource }) {
  const { t } = useTranslation();
  return (
    <span className="inline-flex items-center gap-1.5 text-sm text-ink-soft">
      <svg viewBox="0 0 20 20" className="size-4 text-accent" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" aria-hidden="true">
        <path d={ICONS[source]} />
      </svg>
      {t(`wins.source.${source}`)}
    </span>
  );
}
