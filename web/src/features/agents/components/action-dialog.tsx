import type { Action, SaveActionBody } from '@meld/shared';
import { useState } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { Button } from '@/components/ui/button.tsx';
import { Field } from '@/components/ui/field.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { isApiError } from '@/lib/api-error.ts';
import { useSaveAction } from '../api/agent-api.ts';
import { ActionAuthFields, authBody, authDraftOf, missingSecret } from './action-auth-fields.tsx';
import { controlAttrs, FIELD, fieldBorder } from './form-styles.ts';

/** The host of the spec's first server, found in JSON or YAML text, to fill the domain in. */
export function specDomain(spec: string): string {
  const url = /"?url"?\s*:\s*["']?(https?:\/\/[^\s"',]+)/.exec(spec)?.[1];
  try {
    return url ? new URL(url).hostname : '';
  } catch {
    return '';
  }
}

interface ActionDialogProps {
  agentId: string;
  /** The action to change; none to add one. */
  action: Action | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved: (action: Action) => void;
}

/**
 * An action: an OpenAPI document whose operations become the agent's tools, and how to
 * authenticate to its server. Secrets are write-only: a saved one is never shown back, and
 * leaving its box empty keeps it.
 */
export function ActionDialog({ agentId, action, open, onOpenChange, onSaved }: ActionDialogProps) {
  const { t } = useTranslation();
  const save = useSaveAction(agentId);
  const [spec, setSpec] = useState(action?.metadata.raw_spec ?? '');
  const [domain, setDomain] = useState(action?.metadata.domain ?? '');
  const [auth, setAuth] = useState(() => authDraftOf(action));
  const failure = save.error && isApiError(save.error) ? save.error : null;
  const fieldError = (name: string) => (failure && failure.field?.startsWith(name) ? failure.message : null);

  const submit = () => {
    const body: SaveActionBody = { ...(action ? { action_id: action.action_id } : {}), metadata: { domain: domain.trim() || specDomain(spec), raw_spec: spec, auth: authBody(auth) } };
    save.mutate(body, {
      onSuccess: ({ action: saved }) => {
        onSaved(saved);
        onOpenChange(false);
      },
    });
  };

  return (
    <Modal open={open} onOpenChange={onOpenChange} title={action ? t('agents.actions.editTitle') : t('agents.actions.addTitle')} description={t('agents.actions.description')} size="lg">
      <form
        className="flex min-h-0 flex-col"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <div className="flex min-h-0 flex-col gap-5 overflow-y-auto px-6 pt-2 pb-5">
          <Field label={t('agents.actions.spec')} hint={t('agents.actions.specHint')} error={fieldError('metadata.raw_spec')}>
            {(control) => (
              <textarea
                {...controlAttrs(control)}
                rows={9}
                value={spec}
                onChange={(event) => setSpec(event.target.value)}
                onBlur={() => !domain && setDomain(specDomain(spec))}
                spellCheck={false}
                className={`${FIELD} ${fieldBorder(control.invalid)} resize-y py-2 font-mono text-xs leading-relaxed`}
              />
            )}
          </Field>
          <Field label={t('agents.actions.domain')} hint={t('agents.actions.domainHint')} error={fieldError('metadata.domain')}>
            {(control) => <input {...controlAttrs(control)} value={domain} onChange={(event) => setDomain(event.target.value)} placeholder="api.example.com" className={`${FIELD} ${fieldBorder(control.invalid)} h-9`} />}
          </Field>
          <ActionAuthFields draft={auth} action={action} onChange={(change) => setAuth((current) => ({ ...current, ...change }))} errorOf={fieldError} />
          {failure && !fieldError('metadata') ? <p className="text-sm text-danger">{failure.message}</p> : null}
        </div>
        <footer className="flex justify-end gap-2 border-t border-line px-6 py-3">
          <Button variant="ghost" size="sm" onClick={() => onOpenChange(false)}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" size="sm" loading={save.isPending} disabled={!spec.trim() || missingSecret(auth, action)}>
            {t('agents.actions.save')}
          </Button>
        </footer>
      </form>
    </Modal>
  );
}
