import { FEED_TABS, type FeedTab } from '@meld/shared';
import clsx from 'clsx';
import { useTranslation } from '@/lib/use-translation.ts';

/** The five tabs with their counts; keys 0 to 4 pick them (the page listens). */
export function FeedTabs({ tab, counts, onChange }: { tab: FeedTab; counts: Record<FeedTab, number>; onChange: (tab: FeedTab) => void }) {
  const { t } = useTranslation();
  return (
    <div role="tablist" aria-label={t('mentorFeed.tabs.label')} className="flex gap-1 overflow-x-auto rounded-xl bg-sunken p-1">
      {FEED_TABS.map((id, index) => (
        <button
          key={id}
          type="button"
          role="tab"
          aria-selected={tab === id}
          aria-keyshortcuts={String(index)}
          onClick={() => onChange(id)}
          className={clsx(
            'flex h-9 items-center gap-2 rounded-lg px-3 text-sm font-medium whitespace-nowrap transition-colors',
            tab === id ? 'bg-surface text-ink shadow-soft' : 'text-ink-soft hover:text-ink',
          )}
        >
          {t(`mentorFeed.tabs.${id}`)}
          <span className="rounded-full bg-canvas px-1.5 text-xs text-ink-faint">{counts[id]}</span>
        </button>
      ))}
    </div>
  );
}
