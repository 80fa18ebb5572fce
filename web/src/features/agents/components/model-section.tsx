import type { ParameterKind } from '@meld/shared';
import { PARAMETER_KINDS, parametersFor } from '@meld/shared';
import { useId } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { NumberParameter } from '@/components/number-parameter.tsx';
import type { AgentDraft, AgentProvider } from '../lib/agent-draft.ts';
import { FIELD, fieldBorder } from './form-styles.ts';

interface ModelSectionProps {
  draft: AgentDraft;
  providers: readonly AgentProvider[];
  onChange: (change: Partial<AgentDraft>) => void;
  error?: string | null;
}

const kindOf = (type: string): ParameterKind => ((PARAMETER_KINDS as readonly string[]).includes(type) ? (type as ParameterKind) : 'custom');

/**
 * The provider (only endpoints that call tools), its model, and the model's parameters within
 * their ranges; a new provider or model drops parameters that no longer apply.
 */
export function ModelSection({ draft, providers, onChange, error }: ModelSectionProps) {
  const { t } = useTranslation();
  const ids = { provider: useId(), model: useId(), error: useId() };
  const provider = providers.find((candidate) => candidate.name === draft.provider);
  const models = provider ? (provider.models.includes(draft.model) || !draft.model ? provider.models : [draft.model, ...provider.models]) : draft.model ? [draft.model] : [];
  const set = provider ? parametersFor(kindOf(provider.type), draft.model) : null;

  const keepApplicable = (type: string, model: string) => {
    const keys = new Set(parametersFor(kindOf(type), model).numbers.map((range) => range.key as string));
    return Object.fromEntries(Object.entries(draft.model_parameters).filter(([key]) => keys.has(key)));
  };
  const describedBy = error ? ids.error : undefined;

  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={ids.provider} className="text-sm font-medium text-ink">
            {t('agents.form.provider')}
          </label>
          <select
            id={ids.provider}
            value={draft.provider}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            onChange={(event) => {
              const next = providers.find((candidate) => candidate.name === event.target.value);
              if (next) onChange({ provider: next.name, model: next.models[0]!, model_parameters: keepApplicable(next.type, next.models[0]!) });
            }}
            className={`${FIELD} ${fieldBorder(!!error)} h-9`}
          >
            {!provider ? <option value={draft.provider}>{draft.provider || t('agents.form.chooseProvider')}</option> : null}
            {providers.map((candidate) => (
              <option key={candidate.name} value={candidate.name}>
                {candidate.label}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={ids.model} className="text-sm font-medium text-ink">
            {t('agents.form.model')}
          </label>
          <select
            id={ids.model}
            value={draft.model}
            disabled={!provider}
            aria-describedby={describedBy}
            onChange={(event) => onChange({ model: event.target.value, model_parameters: provider ? keepApplicable(provider.type, event.target.value) : draft.model_parameters })}
            className={`${FIELD} ${fieldBorder(!!error)} h-9`}
          >
            {models.map((model) => (
              <option key={model} value={model}>
                {model}
              </option>
            ))}
          </select>
        </div>
      </div>
      {error ? (
        <p id={ids.error} className="text-sm text-danger">
          {error}
        </p>
      ) : !providers.length ? (
        <p className="text-sm text-ink-faint">{t('agents.form.noProviders')}</p>
      ) : null}
      {set?.numbers.length ? (
        <details className="group/params rounded-xl border border-line bg-canvas/60">
          <summary className="flex cursor-pointer list-none items-center justify-between px-4 py-3 text-sm font-medium text-ink select-none [&::-webkit-details-marker]:hidden">
            {t('agents.form.parameters')}
            <span className="text-xs font-normal text-ink-faint">{t('agents.form.parametersSet', { count: Object.keys(draft.model_parameters).length })}</span>
          </summary>
          <div className="flex flex-col gap-5 border-t border-line px-4 py-4">
            {set.numbers.map((range) => {
              const value = draft.model_parameters[range.key];
              return (
                <NumberParameter
                  key={range.key}
                  label={t(`composer.parameters.names.${range.key}`)}
                  min={range.min}
                  max={range.max}
                  step={range.step}
                  value={typeof value === 'number' ? value : range.default}
                  onChange={(next) => onChange({ model_parameters: { ...draft.model_parameters, [range.key]: next } })}
                />
              );
            })}
          </div>
        </details>
      ) : null}
    </div>
  );
}
