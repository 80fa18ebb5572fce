import { useQuery } from '@tanstack/react-query';
import clsx from 'clsx';
import { useTranslation } from '@/lib/use-translation.ts';
import { Link, Navigate, useNavigate, useParams } from 'react-router-dom';
import { Alert } from '@/components/ui/alert.tsx';
import { buttonClasses } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { agentsQuery } from '@/lib/agent-queries.ts';
import { prefetchAgentList } from '@/lib/agent-preload.ts';
import { useInterfaceToggle, usePermission, useRolePermissions } from '@/lib/permissions.ts';
import { preloadWhenSignedIn, revalidateOnSearch } from '@/lib/route-data-preload.ts';
import { useSession } from '@/lib/use-session.ts';
import { AgentEditor } from '../components/agent-editor.tsx';
import { AgentList } from '../components/agent-list.tsx';

/** Asks for the agent list as the session is restored (route-data-preload.ts). */
export function loader(): null {
  return preloadWhenSignedIn((queryClient) => void prefetchAgentList(queryClient));
}

/** Nothing in the address changes what the loader asks for: it runs once per visit. */
export const shouldRevalidate = revalidateOnSearch();

/**
 * /agents and /agents/:agentId: the agent builder. The list sits on the left and the open agent
 * on the right; on a phone the list is the page and an agent opens full screen over it. `new`
 * starts a new agent (only with AGENTS/CREATE).
 */
export function Component() {
  const { t } = useTranslation();
  const { agentId } = useParams();
  const navigate = useNavigate();
  const { user } = useSession();
  const permissions = useRolePermissions();
  const shown = useInterfaceToggle('agents');
  const canUse = usePermission('AGENTS', 'USE');
  const canCreate = usePermission('AGENTS', 'CREATE');
  const agents = useQuery({ ...agentsQuery, enabled: shown && canUse });

  if (permissions.isLoading) {
    return (
      <div className="grid place-items-center py-24 text-2xl text-accent">
        <Spinner label={t('loading')} />
      </div>
    );
  }
  if (!shown || !canUse) {
    return (
      <div className="mx-auto max-w-xl px-6 py-24 text-center">
        <h1 className="font-serif text-3xl font-semibold text-ink">{t('agents.title')}</h1>
        <p className="mt-3 text-ink-soft">{t('agents.unavailable')}</p>
      </div>
    );
  }
  if (agentId === 'new' && !canCreate) return <Navigate to="/agents" replace />;

  return (
    <div className="mx-auto flex w-full max-w-6xl gap-10 px-4 pt-6 sm:px-8 lg:pt-10">
      <aside className={clsx('w-full shrink-0 pb-10 lg:sticky lg:top-6 lg:max-h-[calc(100dvh-3rem)] lg:w-72 lg:overflow-y-auto', agentId && 'hidden lg:block')}>
        <h1 className="font-serif text-4xl leading-tight font-semibold text-ink">{t('agents.title')}</h1>
        <p className="mt-2 text-ink-soft">{t('agents.intro')}</p>
        {canCreate ? (
          <Link to="/agents/new" className={buttonClasses('primary', 'sm', 'mt-5')}>
            {t('agents.new')}
          </Link>
        ) : null}
        <div className="mt-6">
          {agents.isPending ? <Spinner label={t('agents.loading')} className="text-accent" /> : null}
          {agents.isError ? (
            <Alert title={t('agents.loadError')}>
              <button type="button" className="text-sm underline" onClick={() => void agents.refetch()}>
                {t('chat.retry')}
              </button>
            </Alert>
          ) : null}
          {agents.data && !agents.data.length ? <p className="text-sm text-ink-faint">{canCreate ? t('agents.emptyCreate') : t('agents.empty')}</p> : null}
          {agents.data?.length ? <AgentList agents={agents.data} userId={user?.id} /> : null}
        </div>
      </aside>
      {/* The shell's <main> already holds this page: the editor side is a plain column, not a second main landmark. */}
      <div className={clsx('min-w-0 flex-1 pb-4', !agentId && 'hidden lg:block')}>
        {agentId ? (
          <>
            <Link to="/agents" className="mb-4 inline-flex items-center gap-1 text-sm text-ink-soft hover:text-ink lg:hidden">
              <span aria-hidden="true">←</span> {t('agents.back')}
            </Link>
            <AgentEditor key={agentId} agentId={agentId} onCreated={(agent) => void navigate(`/agents/${agent.id}`, { replace: true })} />
          </>
        ) : (
          <div className="grid min-h-[50dvh] place-items-center rounded-2xl border border-dashed border-line text-center">
            <p className="max-w-xs text-ink-faint">{canCreate ? t('agents.pickOrCreate') : t('agents.pick')}</p>
          </div>
        )}
      </div>
    </div>
  );
}
