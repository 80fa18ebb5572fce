import clsx from 'clsx';
import { useEffect, useId, useMemo, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { safeImageUrl } from '@/components/messages/message-image.tsx';
import { Icon } from '@/components/messages/icons.tsx';
import { EndpointIcon } from '@/components/provider-icon.tsx';
import { filterSections, type MenuEntry, type MenuSection } from '../../lib/model-menu.ts';

interface ModelSearchListProps {
  sections: readonly MenuSection[];
  /** The row of the model in use, marked and highlighted first. */
  currentKey: string | null;
  onPick: (entry: MenuEntry) => void;
}

/**
 * The picker's search field and the rows it finds, as an ARIA combobox over a grouped listbox:
 * typing filters, the arrow keys move the highlighted row (focus stays in the field), Enter
 * picks it; Escape is the popover's and closes it.
 */
export function ModelSearchList({ sections, currentKey, onPick }: ModelSearchListProps) {
  const { t } = useTranslation();
  const id = useId();
  const [query, setQuery] = useState('');
  const shown = useMemo(() => filterSections(sections, query), [sections, query]);
  const rows = shown.flatMap((section) => section.entries);
  const [active, setActive] = useState(() => Math.max(0, rows.findIndex((entry) => entry.key === currentKey)));
  const activeIndex = Math.min(active, rows.length - 1);
  const activeEntry = rows[activeIndex];
  const optionId = (entry: MenuEntry) => `${id}-${rows.indexOf(entry)}`;

  // The highlighted row stays in sight as the arrows move it through a long list.
  useEffect(() => {
    document.getElementById(`${id}-${activeIndex}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [id, activeIndex, query]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing || !rows.length) return;
    const moves: Record<string, number> = { ArrowDown: activeIndex + 1, ArrowUp: activeIndex - 1, PageDown: activeIndex + 5, PageUp: activeIndex - 5 };
    if (event.key in moves) {
      event.preventDefault();
      const next = moves[event.key]!;
      // The arrows wrap round; the page keys stop at the ends.
      setActive(event.key.startsWith('Arrow') ? (next + rows.length) % rows.length : Math.max(0, Math.min(rows.length - 1, next)));
    } else if (event.key === 'Enter' && activeEntry) {
      event.preventDefault();
      onPick(activeEntry);
    }
  };

  return (
    <>
      <div className="flex items-center gap-2 border-b border-line px-3">
        <svg viewBox="0 0 20 20" className="size-4 shrink-0 text-ink-faint" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" aria-hidden="true">
          <path d="M9 15.5a6.5 6.5 0 1 0 0-13 6.5 6.5 0 0 0 0 13ZM18 18l-4.4-4.4" />
        </svg>
        <input
          role="combobox"
          aria-label={t('composer.picker.search')}
          aria-expanded="true"
          aria-controls={`${id}-list`}
          aria-autocomplete="list"
          aria-activedescendant={activeEntry ? optionId(activeEntry) : undefined}
          placeholder={t('composer.picker.search')}
          value={query}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          className="h-11 min-w-0 flex-1 bg-transparent text-sm text-ink outline-none placeholder:text-ink-faint"
        />
      </div>
      <div id={`${id}-list`} role="listbox" aria-label={t('chat.composer.model')} className="min-h-0 flex-1 overflow-y-auto overscroll-contain p-1.5">
        {shown.map((section) => (
          <div key={section.key} role="group" aria-labelledby={section.title ? `${id}-${section.key}` : undefined} aria-label={section.title ? undefined : t('chat.composer.model')} className="py-1">
            {section.title ? (
              <div id={`${id}-${section.key}`} className="flex items-center gap-2 px-2 pt-1.5 pb-1 text-xs font-semibold tracking-wide text-ink-faint">
                {section.iconKind ? <EndpointIcon kind={section.iconKind} className="size-3.5" /> : null}
                {section.title}
              </div>
            ) : null}
            {section.entries.map((entry) => (
              <ModelRow key={entry.key} id={optionId(entry)} entry={entry} active={entry === activeEntry} current={entry.key === currentKey} onPick={onPick} onHover={() => setActive(rows.indexOf(entry))} />
            ))}
          </div>
        ))}
        {!rows.length ? <p className="px-3 py-6 text-center text-sm text-ink-faint">{t('composer.picker.noMatches', { query: query.trim() })}</p> : null}
      </div>
    </>
  );
}

interface ModelRowProps {
  id: string;
  entry: MenuEntry;
  active: boolean;
  current: boolean;
  onPick: (entry: MenuEntry) => void;
  onHover: () => void;
}

function ModelRow({ id, entry, active, current, onPick, onHover }: ModelRowProps) {
  const { t } = useTranslation();
  const icon = entry.iconURL ? safeImageUrl(entry.iconURL) : null;
  return (
    <div
      id={id}
      role="option"
      aria-selected={active}
      title={entry.kind === 'model' ? entry.model : entry.detail}
      // The row is picked with the mouse without taking focus from the search field.
      onMouseDown={(event) => event.preventDefault()}
      onClick={() => onPick(entry)}
      onMouseMove={active ? undefined : onHover}
      className={clsx('flex cursor-pointer items-center gap-2.5 rounded-lg px-2 py-1.5 text-sm', active ? 'bg-sunken text-ink' : 'text-ink-soft')}
    >
      {icon ? <img src={icon} alt="" className="size-5 shrink-0 rounded" /> : <EndpointIcon kind={entry.iconKind} className="size-4 text-ink-faint" />}
      <span className="min-w-0 flex-1">
        <span className={clsx('block truncate', entry.kind === 'manageAgents' ? 'text-accent' : 'text-ink')}>{entry.label}</span>
        {entry.detail ? <span className={clsx('block truncate text-xs text-ink-faint', entry.kind === 'model' && 'font-mono')}>{entry.detail}</span> : null}
      </span>
      {current ? (
        <>
          <Icon name="check" className="size-4 text-accent" />
          <span className="sr-only">{t('composer.picker.current')}</span>
        </>
      ) : null}
    </div>
  );
}
