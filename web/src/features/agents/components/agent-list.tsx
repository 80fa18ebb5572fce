import type { Agent } from '@meld/shared';
import { GLOBAL_PROJECT_ID } from '@meld/shared';
import clsx from 'clsx';
import { useTranslation } from '@/lib/use-translation.ts';
import { NavLink } from 'react-router-dom';
import { UserAvatar } from '@/components/user-avatar.tsx';

/** The user's agents and those shared with everyone: picture, name, description, and whose it is. */
export function AgentList({ agents, userId }: { agents: readonly Agent[]; userId: string | undefined }) {
  const { t } = useTranslation();
  const mine = agents.filter((agent) => agent.author === userId);
  const shared = agents.filter((agent) => agent.author !== userId);
  const groups = [
    { id: 'mine', title: t('agents.list.mine'), agents: mine },
    { id: 'shared', title: t('agents.list.shared'), agents: shared },
  ].filter((group) => group.agents.length);

  return (
    <nav aria-label={t('agents.list.label')} className="flex flex-col gap-5">
      {groups.map((group) => (
        <div key={group.id}>
          <h2 className="mb-1.5 px-2 text-xs font-medium tracking-wide text-ink-faint uppercase">{group.title}</h2>
          <ul className="flex flex-col gap-0.5">
            {group.agents.map((agent) => (
              <li key={agent.id}>
                <NavLink
                  to={`/agents/${agent.id}`}
                  className={({ isActive }) => clsx('flex items-center gap-3 rounded-xl px-2 py-2 transition-colors hover:bg-sunken focus-visible:outline-2 focus-visible:outline-focus', isActive && 'bg-sunken')}
                >
                  <UserAvatar name={agent.name} avatar={agent.avatar} className="size-9 text-sm" />
                  <span className="min-w-0 flex-1">
                    <span className="flex items-center gap-2">
                      <span className="truncate text-sm font-medium text-ink">{agent.name}</span>
                      {agent.projectIds.includes(GLOBAL_PROJECT_ID) && agent.author === userId ? <span className="shrink-0 rounded-full bg-sage/15 px-2 py-0.5 text-[0.7rem] text-sage">{t('agents.list.sharedBadge')}</span> : null}
                    </span>
                    <span className="block truncate text-xs text-ink-faint">{agent.description || (agent.author === userId ? agent.model : t('agents.list.by', { name: agent.authorName }))}</span>
                  </span>
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}
