import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/messages/icons.tsx';
import type { ModelChoiceState } from '../../hooks/use-model-choice.ts';

const SEPARATOR = '\u0000';

/** A native menu of models grouped by endpoint: keyboard, screen reader and phone friendly as is. */
export function ModelPicker({ state, disabled }: { state: ModelChoiceState; disabled?: boolean }) {
  const { t } = useTranslation();
  const { choice, choose, options, loading } = state;
  const value = choice ? `${choice.endpoint}${SEPARATOR}${choice.model}` : '';

  if (!loading && !options.length) return <span className="px-2 text-xs text-ink-faint">{t('chat.composer.noModels')}</span>;

  return (
    <label className="relative inline-flex max-w-[60%] min-w-0 items-center">
      <span className="sr-only">{t('chat.composer.model')}</span>
      <select
        value={value}
        disabled={disabled || loading}
        onChange={(event) => {
          const [endpoint, model] = event.target.value.split(SEPARATOR);
          if (endpoint && model) choose(endpoint, model);
        }}
        className="h-8 w-full min-w-0 cursor-pointer appearance-none truncate rounded-lg border border-transparent bg-transparent py-0 pr-7 pl-2.5 text-sm text-ink-soft outline-none hover:bg-sunken hover:text-ink focus-visible:border-accent focus-visible:ring-4 focus-visible:ring-accent/15 disabled:cursor-default"
      >
        {loading ? <option value="">{t('chat.composer.modelsLoading')}</option> : null}
        {options.map(({ name, info, models }) => (
          <optgroup key={name} label={info.demo ? t('chat.composer.demoLabel') : info.label}>
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
