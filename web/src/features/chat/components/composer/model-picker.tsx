import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/messages/icons.tsx';
import type { ModelChoiceState } from '../../hooks/use-model-choice.ts';

const SEPARATOR = '\u0000';
const SPEC = `spec${SEPARATOR}`;

/**
 * A native menu (keyboard, screen reader and phone friendly as is): the operator's model specs
 * first, then models grouped by endpoint. Enforced specs leave only the specs; the interface
 * toggles hide the endpoints (only the current endpoint's models) or the models (one entry per endpoint).
 */
export function ModelPicker({ state, disabled }: { state: ModelChoiceState; disabled?: boolean }) {
  const { t } = useTranslation();
  const { choice, choose, chooseSpec, options, specs, loading } = state;
  const showEndpoints = !state.enforceSpecs && state.interface?.endpointsMenu !== false;
  const showModels = !state.enforceSpecs && state.interface?.modelSelect !== false;
  const value = choice?.spec && specs.some((spec) => spec.name === choice.spec) ? `${SPEC}${choice.spec}` : choice ? `${choice.endpoint}${SEPARATOR}${choice.model}` : '';

  const groups = showModels ? options.filter((option) => showEndpoints || option.name === choice?.endpoint) : [];
  const endpointsOnly = showEndpoints && !showModels;

  if (!loading && !options.length && !specs.length) return <span className="px-2 text-xs text-ink-faint">{t('chat.composer.noModels')}</span>;
  if (!loading && !specs.length && !groups.length && !endpointsOnly) return null;

  const labelOf = (info: (typeof options)[number]['info']) => (info.demo ? t('chat.composer.demoLabel') : info.label);

  return (
    <label className="relative inline-flex max-w-[14rem] min-w-0 items-center sm:max-w-[20rem]">
      <span className="sr-only">{t('chat.composer.model')}</span>
      <select
        value={value}
        disabled={disabled || loading}
        onChange={(event) => {
          const picked = event.target.value;
          if (picked.startsWith(SPEC)) {
            const spec = specs.find((candidate) => `${SPEC}${candidate.name}` === picked);
            if (spec) chooseSpec(spec);
            return;
          }
          const [endpoint, model] = picked.split(SEPARATOR);
          if (endpoint && model) choose(endpoint, model);
        }}
        className="h-8 w-full min-w-0 cursor-pointer appearance-none truncate rounded-lg border border-transparent bg-transparent py-0 pr-7 pl-2.5 text-sm text-ink-soft outline-none hover:bg-sunken hover:text-ink focus-visible:border-accent focus-visible:ring-4 focus-visible:ring-accent/15 disabled:cursor-default"
      >
        {loading ? <option value="">{t('chat.composer.modelsLoading')}</option> : null}
        {specs.length ? (
          <optgroup label={t('composer.specsGroup')}>
            {specs.map((spec) => (
              <option key={spec.name} value={`${SPEC}${spec.name}`} title={spec.description}>
                {spec.description ? `${spec.label} · ${spec.description}` : spec.label}
              </option>
            ))}
          </optgroup>
        ) : null}
        {endpointsOnly
          ? options.map(({ name, info, models }) => {
              const model = choice?.endpoint === name ? choice.model : models[0]!;
              return (
                <option key={name} value={`${name}${SEPARATOR}${model}`}>
                  {labelOf(info)}
                </option>
              );
            })
          : groups.map(({ name, info, models }) => (
              <optgroup key={name} label={labelOf(info)}>
                {models.map((model) => (
                  <option key={model} value={`${name}${SEPARATOR}${model}`}>
                    {info.demo ? `${model} · ${t('chat.composer.demoLabel')}` : model}
                  </option>
                ))}
              </optgroup>
            ))}
      </select>
      <Icon name="chevronDown" className="pointer-events-none absolute right-2 size-3.5 text-ink-faint" />
    </label>
  );
}
