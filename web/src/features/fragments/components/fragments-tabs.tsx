import clsx from 'clsx';
import { useTranslation } from '@/lib/use-translation.ts';

export type FragmentsTab = 'inbox' | 'themes';

/** Inbox (Cmd/Ctrl+1) and Themes (Cmd/Ctrl+2). */
export function FragmentsTabs({ tab, onChange }: { tab: FragmentsTab; onChange: (tab: FragmentsTab) => void }) {
  const { t } = useTranslation();
  return (
    <div role="tablist" aria-label={t('fragments.tabs.label')} className="inline-flex shrink-0 rounded-xl border border-line bg-sunken p-1">
      {(['inbox', 'themes'] as const).map((id) => (
        <button
          key={id}
          type="button"
          role="tab"
          id={`fragments-tab-${id}`}
          aria-selected={tab === id}
          aria-controls={`fragments-panel-${id}`}
          aria-keyshortcuts={id === 'inbox' ? 'Control+1 Meta+1' : 'Control+2 Meta+2'}
          tabIndex={tab === id ? 0 : -1}
          onClick={() => onChange(id)}
          onKeyDown={(event) => {
            if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
              event.preventDefault();
              const next = id === 'inbox' ? 'themes' : 'inbox';
              onChange(next);
              document.getElementById(`fragments-tab-${next}`)?.focus();
            }
          }}
          className={clsx(
            'h-9 rounded-lg px-4 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-focus',
            tab === id ? 'bg-surface text-ink shadow-soft' : 'text-ink-soft hover:text-ink',
          )}
        >
          {t(`fragments.tabs.${id}`)}
        </button>
      ))}
    </div>
  );
}
