import type { Agent } from '@meld/shared';
import { useState } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { Link, useNavigate } from 'react-router-dom';
import { Button, buttonClasses } from '@/components/ui/button.tsx';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { useDeleteAgent, useDuplicateAgent } from '../api/agent-api.ts';

interface FooterProps {
  agent: Agent | null;
  saving: boolean;
  /** Nothing changed since the last save. */
  clean: boolean;
  error: string | null;
  /** Only the author duplicates or deletes; a collaborator may only change it. */
  isAuthor: boolean;
}

/** Save, and for a saved agent: chat with it, duplicate it, delete it (after confirming). Stays in view while the form scrolls. */
export function AgentFormFooter({ agent, saving, clean, error, isAuthor }: FooterProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const duplicate = useDuplicateAgent();
  const remove = useDeleteAgent();
  const [confirming, setConfirming] = useState(false);

  return (
    // The right padding keeps the buttons clear of the shell's floating quick-add button.
    <div className="sticky bottom-0 z-10 -mx-4 mt-2 border-t border-line bg-canvas/95 py-3 pr-24 pl-4 backdrop-blur sm:-mx-8 sm:pl-8">
      {error ? (
        <p role="alert" className="mb-2 text-sm text-danger">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" size="sm" loading={saving}>
          {agent ? t('agents.form.save') : t('agents.form.create')}
        </Button>
        {agent && clean ? <span className="text-sm text-ink-faint">{t('agents.form.savedNote')}</span> : null}
        {agent ? (
          <div className="flex flex-wrap items-center gap-1 sm:ml-auto">
            <Link to={`/c/new?agent_id=${encodeURIComponent(agent.id)}`} className={buttonClasses('secondary', 'sm')}>
              {t('agents.form.chat')}
            </Link>
            {isAuthor ? (
              <>
                <Button variant="ghost" size="sm" loading={duplicate.isPending} onClick={() => duplicate.mutate(agent.id, { onSuccess: (copy) => void navigate(`/agents/${copy.id}`) })}>
                  {t('agents.form.duplicate')}
                </Button>
                <Button variant="ghost" size="sm" onClick={() => setConfirming(true)}>
                  {t('agents.form.delete')}
                </Button>
              </>
            ) : null}
          </div>
        ) : null}
      </div>
      {agent ? (
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title={t('agents.deleteTitle')}
          body={t('agents.deleteBody', { name: agent.name })}
          confirmLabel={t('agents.form.delete')}
          pending={remove.isPending}
          onConfirm={() =>
            remove.mutate(agent.id, {
              onSuccess: () => void navigate('/agents', { replace: true }),
              onSettled: () => setConfirming(false),
            })
          }
        />
      ) : null}
    </div>
  );
}
