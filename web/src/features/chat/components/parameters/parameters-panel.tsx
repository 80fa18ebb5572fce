import { parametersFor } from '@meld/shared';
import { useId, useState } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { Button } from '@/components/ui/button.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import type { ModelChoiceState } from '../../hooks/use-model-choice.ts';
import { parameterKind, shownValue } from '../../lib/composer-settings.ts';
import { ComposerIcon, TOOL_BUTTON } from '../composer/composer-icons.tsx';
import { NumberParameter } from '@/components/number-parameter.tsx';
import { FileParameters } from './file-parameters.tsx';
import { StopSequences } from './stop-sequences.tsx';

/** The parameters that cap a reply's length. */
const OUTPUT_CAPS: ReadonlySet<string> = new Set(['max_tokens', 'maxOutputTokens']);

const FIELD = 'w-full rounded-lg border border-line bg-canvas px-3 text-sm text-ink placeholder:text-ink-faint focus:border-accent focus:ring-4 focus:ring-accent/10 focus:outline-none';

/**
 * The parameters of the conversation being composed, exactly those that apply to the chosen
 * endpoint and model, each within its range: a sheet from the bottom on phones, a card on wider screens.
 */
export function ParametersPanel({ state, disabled }: { state: ModelChoiceState; disabled?: boolean }) {
  const { t } = useTranslation();
  const ids = { prefix: useId(), label: useId(), thinking: useId() };
  const [open, setOpen] = useState(false);
  const { choice, updateSettings, resetSettings } = state;
  if (!choice) return null;
  const settings = choice.settings ?? {};
  const set = parametersFor(parameterKind(choice.endpointType), choice.model, { thinking: settings.thinking });
  const thinkingOn = set.thinking ? (settings.thinking ?? set.thinking.default) : false;

  return (
    <>
      <button type="button" disabled={disabled} onClick={() => setOpen(true)} aria-label={t('composer.parameters.open')} title={t('composer.parameters.open')} data-state={open ? 'open' : 'closed'} className={TOOL_BUTTON}>
        <ComposerIcon name="sliders" />
      </button>
      <Modal open={open} onOpenChange={setOpen} title={t('composer.parameters.title')} description={t('composer.parameters.for', { model: choice.model })}>
        <div className="flex min-h-0 flex-col gap-5 overflow-y-auto px-6 pt-2 pb-5">
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
              // An output cap the model sets itself is, in effect, as much as it can write.
              unsetAt={OUTPUT_CAPS.has(range.key) ? range.max : undefined}
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
          <FileParameters settings={settings} onChange={updateSettings} />
        </div>
        <footer className="flex items-center justify-between gap-3 border-t border-line px-6 py-3">
          <Button variant="ghost" size="sm" onClick={resetSettings}>
            {t('composer.parameters.reset')}
          </Button>
          <Button variant="secondary" size="sm" onClick={() => setOpen(false)}>
            {t('composer.parameters.done')}
          </Button>
        </footer>
      </Modal>
    </>
  );
}
