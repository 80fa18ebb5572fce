import { parametersFor } from '@meld/shared';
import * as Popover from '@radix-ui/react-popover';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button.tsx';
import type { ModelChoiceState } from '../../hooks/use-model-choice.ts';
import { parameterKind, shownValue } from '../../lib/composer-settings.ts';
import { ComposerIcon, TOOL_BUTTON } from '../composer/composer-icons.tsx';
import { NumberParameter } from './number-parameter.tsx';
import { StopSequences } from './stop-sequences.tsx';

const FIELD = 'w-full rounded-lg border border-line bg-canvas px-3 text-sm text-ink placeholder:text-ink-faint focus:border-accent focus:ring-4 focus:ring-accent/10 focus:outline-none';

/**
 * The parameters of the conversation being composed, exactly those that apply to the chosen
 * endpoint and model, each within its range. Near full width on phones, beside the menu on desktop.
 */
export function ParametersPanel({ state, disabled }: { state: ModelChoiceState; disabled?: boolean }) {
  const { t } = useTranslation();
  const ids = { prefix: useId(), label: useId(), thinking: useId() };
  const { choice, updateSettings, resetSettings } = state;
  if (!choice) return null;
  const settings = choice.settings ?? {};
  const set = parametersFor(parameterKind(choice.endpointType), choice.model);
  const thinkingOn = set.thinking ? (settings.thinking ?? set.thinking.default) : false;

  return (
    <Popover.Root>
      <Popover.Trigger type="button" disabled={disabled} aria-label={t('composer.parameters.open')} title={t('composer.parameters.open')} className={TOOL_BUTTON}>
        <ComposerIcon name="sliders" />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side="top"
          align="start"
          sideOffset={8}
          collisionPadding={8}
          aria-label={t('composer.parameters.title')}
          className="z-50 flex max-h-[min(36rem,var(--radix-popover-content-available-height))] w-[min(26rem,calc(100vw-1rem))] animate-fade-in flex-col rounded-2xl border border-line bg-surface shadow-lift outline-none"
        >
          <header className="flex items-baseline justify-between gap-3 border-b border-line px-5 pt-4 pb-3">
            <h2 className="font-serif text-lg font-semibold text-ink">{t('composer.parameters.title')}</h2>
            <p className="truncate text-xs text-ink-faint">{t('composer.parameters.for', { model: choice.model })}</p>
          </header>
          <div className="flex flex-col gap-5 overflow-y-auto px-5 py-4">
            <div className="flex flex-col gap-1.5">
              <label htmlFor={ids.prefix} className="text-sm font-medium text-ink">
                {t('composer.parameters.promptPrefix')}
              </label>
              <textarea
                id={ids.prefix}
                rows={3}
                maxLength={100_000}
                value={settings.promptPrefix ?? ''}
                onChange={(event) => updateSettings({ promptPrefix: event.target.value })}
                className={`${FIELD} resize-y py-2 leading-relaxed`}
              />
              <p className="text-xs text-ink-faint">{t('composer.parameters.promptPrefixHint')}</p>
            </div>
            <div className="flex flex-col gap-1.5">
              <label htmlFor={ids.label} className="text-sm font-medium text-ink">
                {t('composer.parameters.modelLabel')}
              </label>
              <input id={ids.label} maxLength={200} value={settings.modelLabel ?? ''} onChange={(event) => updateSettings({ modelLabel: event.target.value })} className={`${FIELD} h-9`} />
              <p className="text-xs text-ink-faint">{t('composer.parameters.modelLabelHint')}</p>
            </div>
            {set.numbers.map((range) => (
              <NumberParameter
                key={range.key}
                label={t(`composer.parameters.names.${range.key}`)}
                min={range.min}
                max={range.max}
                step={range.step}
                value={shownValue(settings, range)}
                onChange={(value) => updateSettings({ [range.key]: value })}
              />
            ))}
            {set.thinking ? (
              <div className="flex flex-col gap-3 rounded-xl border border-line bg-canvas/60 p-3">
                <label htmlFor={ids.thinking} className="flex cursor-pointer items-start justify-between gap-3">
                  <span>
                    <span className="block text-sm font-medium text-ink">{t('composer.parameters.thinking')}</span>
                    <span className="block text-xs text-ink-faint">{t('composer.parameters.thinkingHint')}</span>
                  </span>
                  <input id={ids.thinking} type="checkbox" role="switch" checked={thinkingOn} onChange={(event) => updateSettings({ thinking: event.target.checked })} className="mt-1 size-4 accent-[var(--accent)]" />
                </label>
                {thinkingOn ? (
                  <NumberParameter
                    label={t('composer.parameters.thinkingBudget')}
                    min={set.thinking.budget.min}
                    max={set.thinking.budget.max}
                    step={set.thinking.budget.step}
                    value={Math.min(set.thinking.budget.max, Math.max(set.thinking.budget.min, settings.thinkingBudget ?? set.thinking.budget.default))}
                    onChange={(value) => updateSettings({ thinkingBudget: value })}
                  />
                ) : null}
              </div>
            ) : null}
            <StopSequences value={settings.stop ?? []} max={set.maxStopSequences} onChange={(stop) => updateSettings({ stop })} />
          </div>
          <footer className="flex items-center justify-between gap-3 border-t border-line px-5 py-3">
            <Button variant="ghost" size="sm" onClick={resetSettings}>
              {t('composer.parameters.reset')}
            </Button>
            <Popover.Close asChild>
              <Button variant="secondary" size="sm">
                {t('composer.parameters.done')}
              </Button>
            </Popover.Close>
          </footer>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
