import type { Agent } from '@meld/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/lib/use-translation.ts';
import { Alert } from '@/components/ui/alert.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { agentQuery } from '@/lib/agent-queries.ts';
import { ApiError } from '@/lib/api-error.ts';
import { endpointsQuery, modelsQuery } from '@/lib/endpoint-queries.ts';
import { usePermission } from '@/lib/permissions.ts';
import { useSession } from '@/lib/use-session.ts';
import { agentActionsQuery } from '../api/agent-api.ts';
import { agentProviders } from '../lib/agent-draft.ts';
import { AgentForm } from './agent-form.tsx';
import { AgentSummary } from './agent-summary.tsx';

/** The open agent: the builder's form when the user may change it, else what it is; `new` for a new one. */
export function AgentEditor({ agentId, onCreated }: { agentId: string; onCreated: (agent: Agent) => void }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const isNew = agentId === 'new';
  const agent = useQuery({ ...agentQuery(agentId), enabled: !isNew });
  const actions = useQuery({ ...agentActionsQuery, enabled: !isNew });
  const endpoints = useQuery(endpointsQuery);
  const models = useQuery(modelsQuery);
  const canShare = usePermission('AGENTS', 'SHARED_GLOBAL');

  if (agent.error instanceof ApiError && agent.error.status === 404) {
    return (
      <div className="py-16 text-center">
        <h2 className="font-serif text-2xl font-semibold text-ink">{t('agents.notFoundTitle')}</h2>
        <p className="mt-2 text-ink-soft">{t('agents.notFoundBody')}</p>
      </div>
    );
  }
  if (agent.error || endpoints.error || models.error) return <Alert title={t('agents.loadError')} />;
  if (!endpoints.data || !models.data || (!isNew && !agent.data)) {
    return (
      <div className="grid place-items-center py-24 text-2xl text-accent">
        <Spinner label={t('loading')} />
      </div>
    );
  }

  const providers = agentProviders(endpoints.data, models.data);
  const current = isNew ? null : agent.data!;
  if (current && current.author !== user?.id && !current.isCollaborative) return <AgentSummary agent={current} />;
  const own = current ? (actions.data ?? []).filter((action) => action.agent_id === current.id) : [];
  return (
    <>
      <h2 className="mb-6 font-serif text-3xl font-semibold text-ink">{current ? current.name : t('agents.newTitle')}</h2>
      <AgentForm agent={current} providers={providers} actions={own} canShare={canShare} isAuthor={!current || current.author === user?.id} onCreated={onCreated} />
    </>
  );
}
