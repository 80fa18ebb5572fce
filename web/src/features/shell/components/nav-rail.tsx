import clsx from 'clsx';
import { useTranslation } from '@/lib/use-translation.ts';
import { Link } from 'react-router-dom';
import type { NavGroup, NavItemId } from '../lib/nav-items.ts';

const icons: Record<NavItemId, string> = {
  today: 'M12 3v2M12 19v2M4.2 4.2l1.4 1.4M18.4 18.4l1.4 1.4M3 12h2M19 12h2M4.2 19.8l1.4-1.4M18.4 5.6l1.4-1.4M16 12a4 4 0 1 1-8 0 4 4 0 0 1 8 0Z',
  log: 'M5 4h14v16H5zM9 8h6M9 12h6M9 16h3',
  mentorFeed: 'M4 6h16M4 12h16M4 18h10',
  coach: 'M4 6.5A2.5 2.5 0 0 1 6.5 4h11A2.5 2.5 0 0 1 20 6.5v7a2.5 2.5 0 0 1-2.5 2.5H11l-4 4v-4h-.5A2.5 2.5 0 0 1 4 13.5zM9 10h.01M12 10h.01M15 10h.01',
  fragments: 'M5 5h6v6H5zM13 5h6v6h-6zM5 13h6v6H5zM13 13h6v6h-6z',
  northStar: 'm12 3 2.5 6.5L21 12l-6.5 2.5L12 21l-2.5-6.5L3 12l6.5-2.5z',
  winsVault: 'M8 4h8v5a4 4 0 0 1-8 0zM12 13v4M8.5 20h7',
  prompts: 'M7 4h10a2 2 0 0 1 2 2v14l-4-3H7a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2ZM9 9h6M9 12.5h4',
  agents: 'M9 4h6a2 2 0 0 1 2 2v3H7V6a2 2 0 0 1 2-2ZM5 9h14v9a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2zM9.5 13.5h.01M14.5 13.5h.01M12 2v2',
  me: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8ZM4.5 20a7.5 7.5 0 0 1 15 0',
};

interface NavRailProps {
  groups: NavGroup[];
  active: NavItemId | null;
  onNavigate: () => void;
}

/**
 * The programme destinations as a narrow column of icons, each named below its icon: every one is
 * a single click wherever the sidebar is open, and the conversation history keeps the rest of the
 * sidebar (decision 0038). The last group (Me) sits at the foot, level with the account menu.
 */
export function NavRail({ groups, active, onNavigate }: NavRailProps) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-full flex-col gap-1.5">
      {groups.map((group, index) => (
        <ul
          key={group.id}
          aria-label={t(`shell.nav.groups.${group.id}`)}
          className={clsx('flex flex-col items-center gap-0.5', index > 0 && 'border-t border-line pt-1.5', group.id === 'me' && 'mt-auto')}
        >
          {group.items.map((item) => {
            const current = item.id === active;
            const name = t(`shell.nav.items.${item.id}`);
            return (
              <li key={item.id} className="w-full">
                <Link
                  to={item.path}
                  onClick={onNavigate}
                  title={name}
                  aria-current={current ? 'page' : undefined}
                  className={clsx(
                    'flex w-full flex-col items-center gap-0.5 rounded-xl px-0.5 py-1.5 text-center text-[0.65rem] leading-[1.2] font-medium transition-colors',
                    current ? 'bg-accent-soft text-accent-strong' : 'text-ink-soft hover:bg-sunken hover:text-ink',
                  )}
                >
                  <svg viewBox="0 0 24 24" className="size-5 shrink-0" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
                    <path d={icons[item.id]} />
                  </svg>
                  <span className="max-w-full">{name}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      ))}
    </div>
  );
}
