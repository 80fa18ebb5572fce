import { PROMPT_GLOBAL_PROJECT_ID, type Prompt, type PromptGroup } from '@meld/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { Alert } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { showToast } from '@/lib/toast.ts';
import { errorMessage, useCreatePrompt, useDeleteGroup, useUpdateGroup } from '../api/prompt-api.ts';
import { groupErrors, valuesOf, type GroupErrors, type GroupValues } from '../lib/group-values.ts';
import { GroupFields } from './group-fields.tsx';
import { Badge } from './group-list.tsx';
import { PromptTextField } from './prompt-text-field.tsx';
import { VersionList } from './version-list.tsx';

interface GroupDetailProps {
  group: PromptGroup;
  versions: Prompt[];
  mine: boolean;
  canShare: boolean;
  onDeleted: () => void;
}

/** One group: its details (the author edits them), the text of the version viewed, and its versions. */
export function GroupDetail({ group, versions, mine, canShare, onDeleted }: GroupDetailProps) {
  const { t } = useTranslation();
  const [viewingId, setViewingId] = useState(group.productionId);
  const viewing = versions.find((version) => version.promptId === viewingId) ?? versions.find((version) => version.promptId === group.productionId);
  const remove = useDeleteGroup(group.groupId);
  const [confirming, setConfirming] = useState(false);

  return (
    <article className="flex flex-col gap-8">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="font-serif text-3xl leading-tight font-semibold break-words text-ink">{group.name}</h2>
          {group.oneliner ? <p className="mt-1 text-ink-soft">{group.oneliner}</p> : null}
          <p className="mt-2 flex flex-wrap items-center gap-1.5">
            {group.command ? <Badge tone="accent">/{group.command}</Badge> : null}
            {group.category ? <Badge>{t(`prompts.categories.${group.category}`)}</Badge> : null}
            {group.projectIds.includes(PROMPT_GLOBAL_PROJECT_ID) ? <Badge>{mine ? t('prompts.shared') : t('prompts.sharedBy', { name: group.authorName })}</Badge> : null}
            {group.numberOfGenerations > 0 ? <span className="text-xs text-ink-faint">{t('prompts.uses', { count: group.numberOfGenerations })}</span> : null}
          </p>
        </div>
        {mine ? (
          <Button variant="secondary" size="sm" className="text-danger!" onClick={() => setConfirming(true)}>
            {t('prompts.deleteGroup')}
          </Button>
        ) : null}
      </header>

      {mine ? <DetailsForm key={group.updatedAt} group={group} canShare={canShare} /> : null}

      {mine ? (
        <NewVersionForm key={viewing?.promptId} group={group} base={viewing?.prompt ?? group.productionPrompt.prompt} onSaved={setViewingId} />
      ) : (
        <section className="flex flex-col gap-2">
          <h3 className="font-serif text-xl font-semibold text-ink">{t('prompts.fields.prompt')}</h3>
          <p className="rounded-2xl border border-line bg-sunken px-4 py-3 font-mono text-sm leading-relaxed whitespace-pre-wrap text-ink">{viewing?.prompt ?? group.productionPrompt.prompt}</p>
        </section>
      )}

      <VersionList group={group} versions={versions} mine={mine} viewingId={viewing?.promptId ?? group.productionId} onView={setViewingId} onGroupDeleted={onDeleted} />

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('prompts.deleteGroupTitle')}
        body={t('prompts.deleteGroupBody', { name: group.name, count: versions.length })}
        confirmLabel={t('prompts.deleteGroup')}
        pending={remove.isPending}
        onConfirm={() => remove.mutate(undefined, { onSuccess: () => (setConfirming(false), onDeleted()) })}
      />
    </article>
  );
}

function DetailsForm({ group, canShare }: { group: PromptGroup; canShare: boolean }) {
  const { t } = useTranslation();
  const update = useUpdateGroup(group.groupId);
  const [values, setValues] = useState<GroupValues>(() => valuesOf(group));
  const [errors, setErrors] = useState<GroupErrors>({});
  const initial = valuesOf(group);
  const changed = (Object.keys(values) as (keyof GroupValues)[]).some((key) => values[key] !== initial[key]);

  const save = (event: FormEvent) => {
    event.preventDefault();
    const found = groupErrors(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const project: [typeof PROMPT_GLOBAL_PROJECT_ID] = [PROMPT_GLOBAL_PROJECT_ID];
    const sharing = values.shared === initial.shared ? {} : values.shared ? { projectIds: project } : { removeProjectIds: project };
    update.mutate(
      { name: values.name.trim(), oneliner: values.oneliner.trim(), category: values.category || null, command: values.command, ...(canShare ? sharing : {}) },
      { onSuccess: () => showToast({ message: t('prompts.saved'), severity: 'success' }) },
    );
  };

  return (
    <form onSubmit={save} noValidate className="flex flex-col gap-4">
      {update.isError ? <Alert tone="error">{errorMessage(update.error, t('errors.generic'))}</Alert> : null}
      <GroupFields values={values} errors={errors} onChange={setValues} canShare={canShare} />
      <div className="flex justify-end">
        <Button type="submit" variant="secondary" disabled={!changed} loading={update.isPending}>
          {t('prompts.saveDetails')}
        </Button>
      </div>
    </form>
  );
}

function NewVersionForm({ group, base, onSaved }: { group: PromptGroup; base: string; onSaved: (promptId: string) => void }) {
  const { t } = useTranslation();
  const create = useCreatePrompt();
  const [text, setText] = useState(base);
  const [makeProduction, setMakeProduction] = useState(true);
  const unchanged = text.trim() === base.trim();

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (unchanged || !text.trim()) return;
    create.mutate(
      { groupId: group.groupId, prompt: { prompt: text, type: 'text' }, makeProduction },
      {
        onSuccess: ({ prompt }) => {
          showToast({ message: t('prompts.versions.saved'), severity: 'success' });
          onSaved(prompt.promptId);
        },
      },
    );
  };

  return (
    <form onSubmit={save} noValidate className="flex flex-col gap-3">
      <h3 className="font-serif text-xl font-semibold text-ink">{t('prompts.versions.editHeading')}</h3>
      {create.isError ? <Alert tone="error">{errorMessage(create.error, t('errors.generic'))}</Alert> : null}
      <PromptTextField label={t('prompts.fields.prompt')} value={text} onChange={setText} error={text.trim() ? null : t('prompts.errors.promptRequired')} />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <label className="flex items-center gap-2 text-sm text-ink-soft">
          <input type="checkbox" checked={makeProduction} onChange={(event) => setMakeProduction(event.target.checked)} className="size-4 shrink-0 accent-accent" />
          {t('prompts.versions.makeProductionOnSave')}
        </label>
        <Button type="submit" disabled={unchanged || !text.trim()} loading={create.isPending} title={unchanged ? t('prompts.versions.unchanged') : undefined}>
          {t('prompts.versions.saveVersion')}
        </Button>
      </div>
    </form>
  );
}
