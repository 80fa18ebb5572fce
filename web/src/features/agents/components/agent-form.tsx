import type { Action, Agent } from '@meld/shared';
import { AGENT_LIMITS, ARTIFACT_MODES } from '@meld/shared';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { Field } from '@/components/ui/field.tsx';
import { isApiError } from '@/lib/api-error.ts';
import { useCreateAgent, useUpdateAgent } from '../api/agent-api.ts';
import { agentBody, draftErrors, draftFieldOf, draftOf, emptyDraft, type AgentDraft, type AgentProvider, type DraftField } from '../lib/agent-draft.ts';
import { ActionsSection } from './actions-section.tsx';
import { AgentFormFooter } from './agent-form-footer.tsx';
import { AvatarField } from './avatar-field.tsx';
import { controlAttrs, FIELD, fieldBorder, SECTION, SECTION_TITLE } from './form-styles.ts';
import { ModelSection } from './model-section.tsx';
import { StartersField } from './starters-field.tsx';
import { ToolsSection } from './tools-section.tsx';

interface AgentFormProps {
  /** Null for a new agent. */
  agent: Agent | null;
  providers: readonly AgentProvider[];
  actions: readonly Action[];
  canShare: boolean;
  isAuthor: boolean;
  onCreated: (agent: Agent) => void;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={SECTION}>
      <h2 className={SECTION_TITLE}>{title}</h2>
      {children}
    </section>
  );
}

/** Server 400s by the field they name (the first message each), so they show beside it. */
function serverErrors(error: unknown): Partial<Record<DraftField | 'form', string>> {
  if (!isApiError(error)) return error ? { form: String(error) } : {};
  const found: Partial<Record<DraftField | 'form', string>> = {};
  const issues = error.issues?.length ? error.issues : [{ field: error.field ?? '', message: error.message }];
  for (const issue of issues) {
    const key = draftFieldOf(issue.field) ?? 'form';
    found[key] ??= issue.message;
  }
  return found;
}

/** The builder: who the agent is, its model, tools, actions, starters and sharing; saved as a whole. */
export function AgentForm({ agent, providers, actions, canShare, isAuthor, onCreated }: AgentFormProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<AgentDraft>(() => (agent ? draftOf(agent) : emptyDraft(providers)));
  const [tried, setTried] = useState(false);
  // What the server holds, to tell a saved form from one with changes.
  const [baseline, setBaseline] = useState(draft);
  const create = useCreateAgent();
  const update = useUpdateAgent(agent?.id ?? '');
  const saving = agent ? update : create;
  const local = tried ? draftErrors(draft) : {};
  const server = serverErrors(saving.error);
  const errorOf = (field: DraftField) => (local[field] ? t(`agents.form.errors.${local[field]}`, { max: String(AGENT_LIMITS.recursionLimitMax) }) : (server[field] ?? null));
  const change = (next: Partial<AgentDraft>) => setDraft((current) => ({ ...current, ...next }));

  const save = () => {
    setTried(true);
    if (Object.keys(draftErrors(draft)).length) return;
    const body = agentBody(draft, canShare);
    if (agent) update.mutate(body, { onSuccess: () => setBaseline(draft) });
    else create.mutate(body, { onSuccess: onCreated });
  };

  // An action saved on the server may have given the agent its operations as tools: keep them ticked.
  const actionSaved = (action: Action) => change({ tools: [...new Set([...draft.tools, ...action.metadata.tools])] });

  return (
    <form
      noValidate
      aria-label={agent ? t('agents.form.editLabel', { name: agent.name }) : t('agents.form.newLabel')}
      className="flex flex-col gap-6"
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <AvatarField agentId={agent?.id ?? null} name={draft.name} avatar={agent?.avatar ?? null} />
      <Field label={t('agents.form.name')} error={errorOf('name')}>
        {(control) => <input {...controlAttrs(control)} value={draft.name} maxLength={AGENT_LIMITS.nameMax} onChange={(event) => change({ name: event.target.value })} className={`${FIELD} ${fieldBorder(control.invalid)} h-10 text-base`} />}
      </Field>
      <Field label={t('agents.form.description')} optional error={errorOf('description')}>
        {(control) => <input {...controlAttrs(control)} value={draft.description} maxLength={AGENT_LIMITS.descriptionMax} onChange={(event) => change({ description: event.target.value })} placeholder={t('agents.form.descriptionPlaceholder')} className={`${FIELD} ${fieldBorder(control.invalid)} h-10`} />}
      </Field>
      <Field label={t('agents.form.instructions')} hint={t('agents.form.instructionsHint')} error={errorOf('instructions')}>
        {(control) => <textarea {...controlAttrs(control)} rows={6} value={draft.instructions} maxLength={AGENT_LIMITS.instructionsMax} onChange={(event) => change({ instructions: event.target.value })} className={`${FIELD} ${fieldBorder(control.invalid)} resize-y py-2 leading-relaxed`} />}
      </Field>

      <Section title={t('agents.form.modelSection')}>
        <ModelSection draft={draft} providers={providers} onChange={change} error={errorOf('model') ?? errorOf('model_parameters')} />
      </Section>

      <Section title={t('agents.form.capabilities')}>
        <ToolsSection selected={draft.tools} actions={actions} onChange={(tools) => change({ tools })} error={errorOf('tools')} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t('agents.form.artifacts')} hint={t('agents.form.artifactsHint')} error={errorOf('artifacts')}>
            {(control) => (
              <select {...controlAttrs(control)} value={draft.artifacts} onChange={(event) => change({ artifacts: event.target.value })} className={`${FIELD} ${fieldBorder(control.invalid)} h-9`}>
                <option value="">{t('agents.form.artifactModes.off')}</option>
                {ARTIFACT_MODES.map((mode) => (
                  <option key={mode} value={mode}>
                    {t(`agents.form.artifactModes.${mode}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label={t('agents.form.recursionLimit')} hint={t('agents.form.recursionHint', { max: String(AGENT_LIMITS.recursionLimitMax) })} error={errorOf('recursion_limit')}>
            {(control) => (
              <input {...controlAttrs(control)} type="number" inputMode="numeric" min={1} max={AGENT_LIMITS.recursionLimitMax} step={1} value={Number.isFinite(draft.recursion_limit) ? draft.recursion_limit : ''} onChange={(event) => change({ recursion_limit: event.target.value === '' ? Number.NaN : Number(event.target.value) })} className={`${FIELD} ${fieldBorder(control.invalid)} h-9 w-32`} />
            )}
          </Field>
        </div>
      </Section>

      <Section title={t('agents.form.actionsSection')}>
        <ActionsSection agentId={agent?.id ?? null} actions={actions} onSaved={actionSaved} />
      </Section>

      <Section title={t('agents.form.startersSection')}>
        <StartersField value={draft.conversation_starters} onChange={(conversation_starters) => change({ conversation_starters })} error={errorOf('conversation_starters')} />
      </Section>

      <Section title={t('agents.form.sharing')}>
        {canShare ? (
          <label className="flex cursor-pointer items-start gap-3">
            <input type="checkbox" checked={draft.shared} onChange={(event) => change({ shared: event.target.checked })} className="mt-1 size-4 accent-[var(--accent)]" />
            <span>
              <span className="block text-sm font-medium text-ink">{t('agents.form.shareGlobally')}</span>
              <span className="block text-xs text-ink-faint">{t('agents.form.shareGloballyHint')}</span>
            </span>
          </label>
        ) : (
          <p className="text-sm text-ink-faint">{draft.shared ? t('agents.form.sharedByAdmin') : t('agents.form.private')}</p>
        )}
        {draft.shared ? (
          <label className="flex cursor-pointer items-start gap-3">
            <input type="checkbox" checked={draft.isCollaborative} onChange={(event) => change({ isCollaborative: event.target.checked })} className="mt-1 size-4 accent-[var(--accent)]" />
            <span>
              <span className="block text-sm font-medium text-ink">{t('agents.form.collaborative')}</span>
              <span className="block text-xs text-ink-faint">{t('agents.form.collaborativeHint')}</span>
            </span>
          </label>
        ) : null}
        {server.shared ? <p className="text-sm text-danger">{server.shared}</p> : null}
      </Section>

      <AgentFormFooter agent={agent} saving={saving.isPending} clean={JSON.stringify(draft) === JSON.stringify(baseline)} error={server.form ?? null} isAuthor={isAuthor} />
    </form>
  );
}
