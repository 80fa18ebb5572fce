import type { Prompt, PromptGroup } from '@meld/shared';
import clsx from 'clsx';
import { useState } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { Button } from '@/components/ui/button.tsx';
import { formatDateTime } from '../lib/format.ts';
import { useVersionActions } from '../api/prompt-api.ts';
import { Badge } from './group-list.tsx';
import { LabelsEditor } from './labels-editor.tsx';

interface VersionListProps {
  group: PromptGroup;
  versions: Prompt[];
  mine: boolean;
  viewingId: string;
  onView: (promptId: string) => void;
  onGroupDeleted: () => void;
}

/** Newest first, numbered from the oldest; the production version is marked. */
export function VersionList({ group, versions, mine, viewingId, onView, onGroupDeleted }: VersionListProps) {
  const { t, i18n } = useTranslation();
  const { makeProduction, setLabels, remove } = useVersionActions(group.groupId);
  const [deleting, setDeleting] = useState<{ promptId: string; number: number } | null>(null);

  return (
    <section aria-labelledby="prompt-versions" className="flex flex-col gap-3">
      <h3 id="prompt-versions" className="font-serif text-xl font-semibold text-ink">
        {t('prompts.versions.heading')}
      </h3>
      <ol className="flex flex-col gap-2">
        {versions.map((version, index) => {
          const number = versions.length - index;
          const production = version.promptId === group.productionId;
          const viewing = version.promptId === viewingId;
          return (
            <li key={version.promptId} className={clsx('rounded-2xl border px-4 py-3', viewing ? 'border-accent bg-accent-soft/50' : 'border-line bg-surface')}>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <div className="flex min-w-0 items-center gap-2">
                  <span className="font-medium text-ink">{t('prompts.versions.version', { index: String(number) })}</span>
                  {production ? <Badge tone="accent">{t('prompts.production')}</Badge> : null}
                  <span className="text-xs text-ink-faint">{formatDateTime(version.createdAt, i18n.language)}</span>
                </div>
                <div className="flex flex-wrap items-center gap-1">
                  <Button variant="ghost" size="sm" onClick={() => onView(version.promptId)} disabled={viewing} aria-pressed={viewing}>
                    {viewing ? t('prompts.versions.viewing') : t('prompts.versions.view')}
                  </Button>
                  {mine && !production ? (
                    <Button variant="secondary" size="sm" loading={makeProduction.isPending && makeProduction.variables === version.promptId} onClick={() => makeProduction.mutate(version.promptId)}>
                      {t('prompts.versions.makeProduction')}
                    </Button>
                  ) : null}
                  {mine ? (
                    <Button variant="ghost" size="sm" className="text-danger!" onClick={() => setDeleting({ promptId: version.promptId, number })}>
                      {t('prompts.versions.delete')}
                    </Button>
                  ) : null}
                </div>
              </div>
              <p className="mt-1.5 line-clamp-2 font-mono text-xs leading-relaxed text-ink-soft">{version.prompt}</p>
              <div className="mt-2">
                <LabelsEditor labels={version.labels} editable={mine} busy={setLabels.isPending} onChange={(labels) => setLabels.mutate({ promptId: version.promptId, labels })} />
              </div>
            </li>
          );
        })}
      </ol>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('prompts.versions.deleteTitle')}
        body={versions.length === 1 ? t('prompts.versions.deleteLastBody', { name: group.name }) : t('prompts.versions.deleteBody', { index: String(deleting?.number ?? '') })}
        confirmLabel={t('prompts.versions.delete')}
        pending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.promptId, {
            onSuccess: (answer) => {
              setDeleting(null);
              if (answer.groupDeleted) onGroupDeleted();
              else if (deleting.promptId === viewingId) onView(answer.group!.productionId);
            },
          })
        }
      />
    </section>
  );
}
