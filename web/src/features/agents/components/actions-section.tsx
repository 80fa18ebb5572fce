import type { Action } from '@meld/shared';
import { useState } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { Button } from '@/components/ui/button.tsx';
import { useDeleteAction } from '../api/agent-api.ts';
import { ActionDialog } from './action-dialog.tsx';

interface ActionsSectionProps {
  /** Null while the agent is not saved yet: actions belong to a saved agent. */
  agentId: string | null;
  actions: readonly Action[];
  onSaved: (action: Action) => void;
}

/** The agent's actions: add, change or remove an OpenAPI document with its authentication. */
export function ActionsSection({ agentId, actions, onSaved }: ActionsSectionProps) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<Action | 'new' | null>(null);
  const [removing, setRemoving] = useState<Action | null>(null);
  const remove = useDeleteAction(agentId ?? '');

  if (!agentId) return <p className="text-sm text-ink-faint">{t('agents.actions.saveFirst')}</p>;
  return (
    <div className="flex flex-col gap-3">
      {actions.length ? (
        <ul className="flex flex-col gap-2">
          {actions.map((action) => (
            <li key={action.action_id} className="flex items-center gap-3 rounded-xl border border-line bg-surface/70 px-3 py-2.5">
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm font-medium text-ink">{action.metadata.domain}</span>
                <span className="block text-xs text-ink-faint">
                  {t('agents.actions.summary', { count: action.metadata.tools.length, auth: t(`agents.actions.authKinds.${action.metadata.auth.type}`) })}
                </span>
              </span>
              <Button variant="ghost" size="sm" onClick={() => setEditing(action)} aria-label={t('agents.actions.edit', { domain: action.metadata.domain })}>
                {t('agents.actions.editShort')}
              </Button>
              <Button variant="ghost" size="sm" onClick={() => setRemoving(action)} aria-label={t('agents.actions.delete', { domain: action.metadata.domain })}>
                {t('agents.actions.deleteShort')}
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-ink-faint">{t('agents.actions.none')}</p>
      )}
      <div>
        <Button variant="secondary" size="sm" onClick={() => setEditing('new')}>
          {t('agents.actions.add')}
        </Button>
      </div>
      {editing ? <ActionDialog key={editing === 'new' ? 'new' : editing.action_id} agentId={agentId} action={editing === 'new' ? null : editing} open onOpenChange={(open) => !open && setEditing(null)} onSaved={onSaved} /> : null}
      <ConfirmDialog
        open={!!removing}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={t('agents.actions.deleteTitle')}
        body={t('agents.actions.deleteBody', { domain: removing?.metadata.domain ?? '' })}
        confirmLabel={t('agents.actions.deleteShort')}
        pending={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing.action_id, { onSettled: () => setRemoving(null) })}
      />
    </div>
  );
}
