import type { Agent } from '@meld/shared';
import { useTranslation } from '@/lib/use-translation.ts';
import { Link } from 'react-router-dom';
import { UserAvatar } from '@/components/user-avatar.tsx';
import { buttonClasses } from '@/components/ui/button.tsx';

/** Someone else's shared agent that is not open to changes: what it is, and a chat with it. */
export function AgentSummary({ agent }: { agent: Agent }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-5">
      <div className="flex items-center gap-4">
        <UserAvatar name={agent.name} avatar={agent.avatar} className="size-16 text-xl" />
        <div className="min-w-0">
          <p className="truncate font-serif text-2xl font-semibold text-ink">{agent.name}</p>
          <p className="text-sm text-ink-faint">{t('agents.list.by', { name: agent.authorName })}</p>
        </div>
      </div>
      {agent.description ? <p className="leading-relaxed text-ink-soft">{agent.description}</p> : null}
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
        <dt className="text-ink-faint">{t('agents.form.model')}</dt>
        <dd className="text-ink">{agent.model}</dd>
        <dt className="text-ink-faint">{t('agents.form.tools')}</dt>
        <dd className="text-ink">{agent.tools.length ? agent.tools.join(', ') : t('agents.summary.noTools')}</dd>
      </dl>
      <p className="text-sm text-ink-faint">{t('agents.summary.readOnly')}</p>
      <div>
        <Link to={`/c/new?agent_id=${encodeURIComponent(agent.id)}`} className={buttonClasses('primary', 'sm')}>
          {t('agents.form.chat')}
        </Link>
      </div>
    </div>
  );
}
