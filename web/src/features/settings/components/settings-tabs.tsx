import clsx from 'clsx';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import type { SettingsTab, SettingsTabId } from '../lib/settings-tabs.ts';

const icons: Record<SettingsTabId, string> = {
  general: 'M4 6h8M16 6h4M4 12h2M10 12h10M4 18h10M18 18h2M12 4v4M6 10v4M14 16v4',
  chat: 'M4 6.5A2.5 2.5 0 0 1 6.5 4h11A2.5 2.5 0 0 1 20 6.5v7a2.5 2.5 0 0 1-2.5 2.5H11l-4 4v-4h-.5A2.5 2.5 0 0 1 4 13.5z',
  speech: 'M12 4a3 3 0 0 0-3 3v5a3 3 0 0 0 6 0V7a3 3 0 0 0-3-3ZM6 11.5a6 6 0 0 0 12 0M12 17.5V20',
  artifacts: 'M8 7 3.5 12 8 17M16 7l4.5 5-4.5 5M13.5 5l-3 14',
  data: 'M5 6c0-1.4 3.1-2.5 7-2.5s7 1.1 7 2.5-3.1 2.5-7 2.5S5 7.4 5 6ZM5 6v6c0 1.4 3.1 2.5 7 2.5s7-1.1 7-2.5V6M5 12v6c0 1.4 3.1 2.5 7 2.5s7-1.1 7-2.5v-6',
  account: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8ZM4.5 20a7.5 7.5 0 0 1 15 0',
  commands: 'M4 7.5 8 12l-4 4.5M11 17h9',
};

export const tabId = (id: SettingsTabId) => `settings-tab-${id}`;
export const panelId = (id: SettingsTabId) => `settings-panel-${id}`;

const NEXT_KEYS = new Set(['ArrowDown', 'ArrowRight']);
const PREVIOUS_KEYS = new Set(['ArrowUp', 'ArrowLeft']);

interface SettingsTabListProps {
  tabs: SettingsTab[];
  active: SettingsTabId;
  vertical: boolean;
  onSelect: (id: SettingsTabId) => void;
}

/** The ARIA tabs pattern: one tab in the tab order, arrow keys move between them, Home and End jump. */
export function SettingsTabList({ tabs, active, vertical, onSelect }: SettingsTabListProps) {
  const { t } = useTranslation();
  const refs = useRef(new Map<SettingsTabId, HTMLButtonElement>());

  // On a phone the strip scrolls sideways: keep the selected tab (from a click, a key or the address)
  // in view. The column on wider screens holds every tab, and the first tab is in view as the strip
  // opens: scrolling there laid the whole page out mid-open (about 150 ms at 4x CPU, issue 25 §7).
  const opened = useRef(false);
  const firstTab = tabs[0]?.id;
  useEffect(() => {
    const opening = !opened.current;
    opened.current = true;
    if (vertical || (opening && active === firstTab)) return;
    refs.current.get(active)?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [active, vertical, firstTab]);

  const onKeyDown = (event: KeyboardEvent) => {
    const index = tabs.findIndex((tab) => tab.id === active);
    let next = index;
    if (NEXT_KEYS.has(event.key)) next = (index + 1) % tabs.length;
    else if (PREVIOUS_KEYS.has(event.key)) next = (index - 1 + tabs.length) % tabs.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = tabs.length - 1;
    else return;
    event.preventDefault();
    const target = tabs[next];
    if (!target) return;
    onSelect(target.id);
    refs.current.get(target.id)?.focus();
  };

  return (
    <div
      role="tablist"
      aria-label={t('settings.tabsLabel')}
      aria-orientation={vertical ? 'vertical' : 'horizontal'}
      onKeyDown={onKeyDown}
      className="flex shrink-0 gap-1 overflow-x-auto border-b border-line px-5 pb-3 sm:w-52 sm:flex-col sm:border-r sm:border-b-0 sm:px-4 sm:pt-3 sm:pb-6"
    >
      {tabs.map((tab) => {
        const selected = tab.id === active;
        return (
          <button
            key={tab.id}
            ref={(node) => {
              if (node) refs.current.set(tab.id, node);
              else refs.current.delete(tab.id);
            }}
            type="button"
            role="tab"
            id={tabId(tab.id)}
            aria-selected={selected}
            aria-controls={panelId(tab.id)}
            tabIndex={selected ? 0 : -1}
            onClick={() => onSelect(tab.id)}
            className={clsx(
              'flex shrink-0 items-center gap-2.5 rounded-xl px-3 py-2 text-left text-[0.95rem] transition-colors',
              selected ? 'bg-accent-soft font-medium text-accent-strong' : 'text-ink-soft hover:bg-sunken hover:text-ink',
            )}
          >
            <svg viewBox="0 0 24 24" className="size-[1.15rem] shrink-0" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
              <path d={icons[tab.id]} />
            </svg>
            {t(`settings.tabs.${tab.id}`)}
          </button>
        );
      })}
    </div>
  );
}
