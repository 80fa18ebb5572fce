import type { Agent } from '@meld/shared';
import { AGENT_LIMITS } from '@meld/shared';
import { useTranslation } from '@/lib/use-translation.ts';
import { Link } from 'react-router-dom';
import { UserAvatar } from '@/components/user-avatar.tsx';
import { useSession } from '@/lib/use-session.ts';

/**
 * The empty chat of an agent: who it is, and its conversation starters (spec 000 section 5: at
 * most 4) as buttons that send the starter as the first message.
 */
export function AgentGreeting({ agent, onStart, disabled }: { agent: Agent; onStart: (text: string) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const starters = agent.conversation_starters.filter((starter) => starter.trim()).slice(0, AGENT_LIMITS.conversationStartersMax);
  const mine = agent.author === user?.id || agent.isCollaborative;
  return (
    <div>
      <div className="flex items-center gap-4">
        <UserAvatar name={agent.name} avatar={agent.avatar} className="size-14 text-lg" />
        <div className="min-w-0">
          <p className="text-sm font-medium tracking-wide text-accent uppercase">{t('chat.agent.eyebrow')}</p>
          <h1 className="mt-0.5 truncate text-3xl font-semibold text-ink sm:text-4xl">{agent.name}</h1>
        </div>
      </div>
      {agent.description ? <p className="mt-4 text-lg leading-relaxed text-ink-soft">{agent.description}</p> : null}
      <p className="mt-2 flex flex-wrap items-center gap-x-3 text-sm text-ink-faint">
        {agent.author !== user?.id && agent.authorName ? <span>{t('chat.agent.byAuthor', { name: agent.authorName })}</span> : null}
        {mine ? (
          <Link to={`/agents/${agent.id}`} className="text-accent underline-offset-2 hover:underline">
            {t('chat.agent.manage')}
          </Link>
        ) : null}
      </p>
      {starters.length ? (
        <ul aria-label={t('chat.agent.starters')} className="mt-6 grid gap-2 sm:grid-cols-2">
          {starters.map((starter) => (
            <li key={starter}>
              <button
                type="button"
                disabled={disabled}
                onClick={() => onStart(starter)}
                className="h-full w-full rounded-xl border border-line bg-surface/70 px-4 py-3 text-left text-sm leading-snug text-ink-soft shadow-soft transition-colors hover:border-accent hover:text-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus disabled:cursor-not-allowed disabled:opacity-60"
              >
                {starter}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
