import clsx from 'clsx';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { adminPanelId, adminTabId, type AdminTabId } from '../lib/admin-tabs.ts';

const NEXT_KEYS = new Set(['ArrowRight', 'ArrowDown']);
const PREVIOUS_KEYS = new Set(['ArrowLeft', 'ArrowUp']);

interface AdminTabListProps {
  tabs: readonly AdminTabId[];
  active: AdminTabId;
  onSelect: (id: AdminTabId) => void;
}

/** The ARIA tabs pattern: one tab in the tab order, arrow keys move and select, Home and End jump. */
export function AdminTabList({ tabs, active, onSelect }: AdminTabListProps) {
  const { t } = useTranslation();
  const refs = useRef(new Map<AdminTabId, HTMLButtonElement>());

  // On a phone the strip scrolls sideways: keep the selected tab (from a click, a key or the address) in view.
  // The strip opens scrolled to its start, so the first tab needs no asking when the panel opens:
  // asking lays the whole page out in the middle of its first load (174 ms at 4x CPU, issue 25 §7).
  const opened = useRef(false);
  const activeIsFirst = active === tabs[0];
  useEffect(() => {
    const opening = !opened.current;
    opened.current = true;
    if (opening && activeIsFirst) return;
    refs.current.get(active)?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [active, activeIsFirst]);

  const onKeyDown = (event: KeyboardEvent) => {
    const index = tabs.indexOf(active);
    let next: number;
    if (NEXT_KEYS.has(event.key)) next = (index + 1) % tabs.length;
    else if (PREVIOUS_KEYS.has(event.key)) next = (index - 1 + tabs.length) % tabs.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = tabs.length - 1;
    else return;
    event.preventDefault();
    const target = tabs[next];
    if (!target) return;
    onSelect(target);
    refs.current.get(target)?.focus();
  };

  return (
    <div
      role="tablist"
      aria-label={t('admin.panel.tabsLabel')}
      onKeyDown={onKeyDown}
      className="-mx-4 flex gap-1 overflow-x-auto border-b border-line px-4 sm:mx-0 sm:px-0"
    >
      {tabs.map((tab) => {
        const selected = tab === active;
        return (
          <button
            key={tab}
            ref={(node) => {
              if (node) refs.current.set(tab, node);
              else refs.current.delete(tab);
            }}
            type="button"
            role="tab"
            id={adminTabId(tab)}
            aria-selected={selected}
            aria-controls={adminPanelId(tab)}
            tabIndex={selected ? 0 : -1}
            onClick={() => onSelect(tab)}
            className={clsx(
              '-mb-px shrink-0 border-b-2 px-3 pt-2 pb-3 text-[0.95rem] whitespace-nowrap transition-colors focus-visible:rounded-t-lg focus-visible:outline-2 focus-visible:outline-focus',
              selected ? 'border-accent font-medium text-accent-strong' : 'border-transparent text-ink-soft hover:border-line-strong hover:text-ink',
            )}
          >
            {t(`admin.tabs.${tab}`)}
          </button>
        );
      })}
    </div>
  );
}
