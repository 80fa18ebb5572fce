import clsx from 'clsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { NavGroup, NavItemId } from '../lib/nav-items.ts';

const icons: Record<NavItemId, string> = {
  today: 'M12 3v2M12 19v2M4.2 4.2l1.4 1.4M18.4 18.4l1.4 1.4M3 12h2M19 12h2M4.2 19.8l1.4-1.4M18.4 5.6l1.4-1.4M16 12a4 4 0 1 1-8 0 4 4 0 0 1 8 0Z',
  log: 'M5 4h14v16H5zM9 8h6M9 12h6M9 16h3',
  mentorFeed: 'M4 6h16M4 12h16M4 18h10',
  chats: 'M4 6.5A2.5 2.5 0 0 1 6.5 4h11A2.5 2.5 0 0 1 20 6.5v7a2.5 2.5 0 0 1-2.5 2.5H11l-4 4v-4h-.5A2.5 2.5 0 0 1 4 13.5z',
  fragments: 'M5 5h6v6H5zM13 5h6v6h-6zM5 13h6v6H5zM13 13h6v6h-6z',
  northStar: 'm12 3 2.5 6.5L21 12l-6.5 2.5L12 21l-2.5-6.5L3 12l6.5-2.5z',
  winsVault: 'M8 4h8v5a4 4 0 0 1-8 0zM12 13v4M8.5 20h7',
  prompts: 'M7 4h10a2 2 0 0 1 2 2v14l-4-3H7a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2ZM9 9h6M9 12.5h4',
  agents: 'M9 4h6a2 2 0 0 1 2 2v3H7V6a2 2 0 0 1 2-2ZM5 9h14v9a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2zM9.5 13.5h.01M14.5 13.5h.01M12 2v2',
  me: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8ZM4.5 20a7.5 7.5 0 0 1 15 0',
};

interface NavListProps {
  groups: NavGroup[];
  active: NavItemId | null;
  onNavigate: () => void;
}

function Group({ group, active, onNavigate }: { group: NavGroup } & Omit<NavListProps, 'groups'>) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(true);
  const listId = `nav-group-${group.id}`;
  const heading = t(`shell.nav.groups.${group.id}`);

  return (
    <li>
      {group.collapsible ? (
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={listId}
          onClick={() => setExpanded((open) => !open)}
          className="flex w-full items-center justify-between rounded-lg px-3 py-1.5 text-xs font-semibold tracking-wider text-ink-faint uppercase hover:text-ink"
        >
          {heading}
          <svg viewBox="0 0 16 16" className={clsx('size-3 transition-transform', expanded ? 'rotate-0' : '-rotate-90')} aria-hidden="true">
            <path d="m4 6 4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
          </svg>
        </button>
      ) : (
        <p className="px-3 py-1.5 text-xs font-semibold tracking-wider text-ink-faint uppercase">{heading}</p>
      )}
      <ul id={listId} hidden={!expanded} className="mt-1 flex flex-col gap-0.5">
        {group.items.map((item) => {
          const current = item.id === active;
          return (
            <li key={item.id}>
              <Link
                to={item.path}
                onClick={onNavigate}
                aria-current={current ? 'page' : undefined}
                className={clsx(
                  'flex items-center gap-3 rounded-xl px-3 py-2.5 text-[0.95rem] transition-colors',
                  current ? 'bg-accent-soft font-medium text-accent-strong' : 'text-ink-soft hover:bg-sunken hover:text-ink',
                )}
              >
                <svg viewBox="0 0 24 24" className="size-5 shrink-0" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
                  <path d={icons[item.id]} />
                </svg>
                {t(`shell.nav.items.${item.id}`)}
              </Link>
            </li>
          );
        })}
      </ul>
    </li>
  );
}

export function NavList({ groups, active, onNavigate }: NavListProps) {
  return (
    <ul className="flex flex-col gap-6">
      {groups.map((group) => (
        <Group key={group.id} group={group} active={active} onNavigate={onNavigate} />
      ))}
    </ul>
  );
}
