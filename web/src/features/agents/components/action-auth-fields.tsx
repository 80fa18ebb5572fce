import type { Action, SaveActionBody } from '@meld/shared';
import { API_KEY_AUTH_TYPES } from '@meld/shared';
import { useTranslation } from '@/lib/use-translation.ts';
import { Field } from '@/components/ui/field.tsx';
import { controlAttrs, FIELD, fieldBorder } from './form-styles.ts';

export const AUTH_KINDS = ['none', 'service_http', 'oauth'] as const;
type AuthKind = (typeof AUTH_KINDS)[number];
type KeyType = (typeof API_KEY_AUTH_TYPES)[number];

/** What the dialog edits of an action's authentication; secrets start empty and are never filled from the server. */
export interface AuthDraft {
  kind: AuthKind;
  keyType: KeyType;
  header: string;
  apiKey: string;
  authorizationUrl: string;
  tokenUrl: string;
  scope: string;
  clientId: string;
  clientSecret: string;
}

export function authDraftOf(action: Action | null): AuthDraft {
  const auth = action?.metadata.auth;
  return {
    kind: auth?.type ?? 'none',
    keyType: auth?.authorization_type ?? 'bearer',
    header: auth?.custom_auth_header ?? '',
    apiKey: '',
    authorizationUrl: auth?.authorization_url ?? '',
    tokenUrl: auth?.client_url ?? '',
    scope: auth?.scope ?? '',
    clientId: auth?.oauth_client_id ?? '',
    clientSecret: '',
  };
}

/** The auth to save; an empty secret is left out so the server keeps the stored one. */
export function authBody(draft: AuthDraft): SaveActionBody['metadata']['auth'] {
  if (draft.kind === 'service_http') {
    return { type: 'service_http', authorization_type: draft.keyType, ...(draft.keyType === 'custom' ? { custom_auth_header: draft.header.trim() } : {}), ...(draft.apiKey ? { api_key: draft.apiKey } : {}) };
  }
  if (draft.kind === 'oauth') {
    return { type: 'oauth', authorization_url: draft.authorizationUrl.trim(), client_url: draft.tokenUrl.trim(), oauth_client_id: draft.clientId.trim(), ...(draft.scope.trim() ? { scope: draft.scope.trim() } : {}), ...(draft.clientSecret ? { oauth_client_secret: draft.clientSecret } : {}) };
  }
  return { type: 'none' };
}

/** A secret is still needed: an API key or client secret that is neither typed nor stored. */
export function missingSecret(draft: AuthDraft, action: Action | null): boolean {
  const saved = action?.metadata.auth;
  if (draft.kind === 'service_http') return !draft.apiKey && !(saved?.type === 'service_http' && saved.api_key_set);
  if (draft.kind === 'oauth') return !draft.clientSecret && !(saved?.type === 'oauth' && saved.oauth_client_secret_set);
  return false;
}

interface AuthFieldsProps {
  draft: AuthDraft;
  action: Action | null;
  onChange: (change: Partial<AuthDraft>) => void;
  errorOf: (field: string) => string | null;
}

/** None, an API key (bearer, basic or a custom header) or OAuth; secret boxes are masked and show only whether one is saved. */
export function ActionAuthFields({ draft, action, onChange, errorOf }: AuthFieldsProps) {
  const { t } = useTranslation();
  const saved = action?.metadata.auth;
  const text = (field: keyof AuthDraft, name: string, label: string, options: { secret?: boolean; savedSecret?: boolean; placeholder?: string; wide?: boolean } = {}) => (
    <Field label={label} hint={options.savedSecret ? t('agents.actions.secretKept') : undefined} error={errorOf(`metadata.auth.${name}`)} className={options.wide ? 'sm:col-span-2' : undefined}>
      {(control) => (
        <input
          {...controlAttrs(control)}
          type={options.secret ? 'password' : 'text'}
          autoComplete="off"
          value={draft[field]}
          onChange={(event) => onChange({ [field]: event.target.value })}
          placeholder={options.savedSecret ? t('agents.actions.secretSaved') : options.placeholder}
          className={`${FIELD} ${fieldBorder(control.invalid)} h-9`}
        />
      )}
    </Field>
  );

  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-1 text-sm font-medium text-ink">{t('agents.actions.auth')}</legend>
      <div className="flex flex-wrap gap-4">
        {AUTH_KINDS.map((option) => (
          <label key={option} className="flex cursor-pointer items-center gap-2 text-sm text-ink">
            <input type="radio" name="action-auth" checked={draft.kind === option} onChange={() => onChange({ kind: option })} className="accent-[var(--accent)]" />
            {t(`agents.actions.authKinds.${option}`)}
          </label>
        ))}
      </div>
      {draft.kind === 'service_http' ? (
        <div className="grid gap-4 rounded-xl border border-line bg-canvas/60 p-4 sm:grid-cols-2">
          <Field label={t('agents.actions.keyType')}>
            {(control) => (
              <select {...controlAttrs(control)} value={draft.keyType} onChange={(event) => onChange({ keyType: event.target.value as KeyType })} className={`${FIELD} ${fieldBorder(false)} h-9`}>
                {API_KEY_AUTH_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {t(`agents.actions.keyTypes.${type}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {draft.keyType === 'custom' ? text('header', 'custom_auth_header', t('agents.actions.header'), { placeholder: 'X-Api-Key' }) : null}
          {text('apiKey', 'api_key', t('agents.actions.apiKey'), { secret: true, savedSecret: saved?.type === 'service_http' && !!saved.api_key_set, wide: true })}
        </div>
      ) : null}
      {draft.kind === 'oauth' ? (
        <div className="grid gap-4 rounded-xl border border-line bg-canvas/60 p-4 sm:grid-cols-2">
          {text('authorizationUrl', 'authorization_url', t('agents.actions.authorizationUrl'), { placeholder: 'https://', wide: true })}
          {text('tokenUrl', 'client_url', t('agents.actions.tokenUrl'), { placeholder: 'https://', wide: true })}
          {text('clientId', 'oauth_client_id', t('agents.actions.clientId'))}
          {text('clientSecret', 'oauth_client_secret', t('agents.actions.clientSecret'), { secret: true, savedSecret: saved?.type === 'oauth' && !!saved.oauth_client_secret_set })}
          {text('scope', 'scope', t('agents.actions.scope'), { wide: true })}
        </div>
      ) : null}
    </fieldset>
  );
}
