import type { ConversationSettings, Preset } from '@meld/shared';
import * as Popover from '@radix-ui/react-popover';
import { useQuery } from '@tanstack/react-query';
import clsx from 'clsx';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button.tsx';
import { showToast } from '@/lib/toast.ts';
import { presetsQuery, useDeletePreset, useSavePreset } from '../../api/composer-queries.ts';
import type { ModelChoiceState } from '../../hooks/use-model-choice.ts';
import { settingsForSend } from '../../lib/composer-settings.ts';
import { ComposerIcon, TOOL_BUTTON } from '../composer/composer-icons.tsx';

/** The default preset first, then the server's order. */
const byDefaultFirst = (list: readonly Preset[]) => [...list].sort((a, b) => Number(b.defaultPreset) - Number(a.defaultPreset));

/** The settings a preset stores: everything but its identity, order and dates. */
function settingsOf(preset: Preset): ConversationSettings {
  const settings: Record<string, unknown> = { ...preset };
  for (const key of ['presetId', 'title', 'defaultPreset', 'order', 'user', 'createdAt', 'updatedAt']) delete settings[key];
  return settings as ConversationSettings;
}

/** The user's presets: choose one to start from it, save the current settings as one, pick the default, delete. */
export function PresetsMenu({ state, disabled }: { state: ModelChoiceState; disabled?: boolean }) {
  const { t } = useTranslation();
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState('');
  const presets = useQuery({ ...presetsQuery, enabled: open });
  const save = useSavePreset();
  const remove = useDeletePreset();
  const { choice } = state;

  const saveCurrent = () => {
    const name = title.trim();
    if (!choice || !name) return;
    const settings = settingsForSend(choice.endpointType, choice.model, choice.settings ?? {});
    save.mutate(
      { ...settings, endpoint: choice.endpoint, endpointType: choice.endpointType, model: choice.model, title: name },
      {
        onSuccess: () => {
          setTitle('');
          showToast({ message: t('composer.presets.saved', { title: name }), severity: 'success' });
        },
      },
    );
  };
  const toggleDefault = (preset: Preset) => {
    save.mutate({ ...settingsOf(preset), presetId: preset.presetId, title: preset.title, defaultPreset: !preset.defaultPreset });
  };

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger type="button" disabled={disabled} aria-label={t('composer.presets.open')} title={t('composer.presets.open')} className={TOOL_BUTTON}>
        <ComposerIcon name="bookmark" />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side="top"
          align="start"
          sideOffset={8}
          collisionPadding={8}
          aria-label={t('composer.presets.title')}
          className="z-50 flex max-h-[min(30rem,var(--radix-popover-content-available-height))] w-[min(22rem,calc(100vw-1rem))] animate-fade-in flex-col rounded-2xl border border-line bg-surface shadow-lift outline-none"
        >
          <h2 className="border-b border-line px-4 pt-3.5 pb-2.5 font-serif text-lg font-semibold text-ink">{t('composer.presets.title')}</h2>
          <div className="overflow-y-auto p-1.5">
            {presets.data?.length ? (
              <ul>
                {byDefaultFirst(presets.data).map((preset) => (
                  <li key={preset.presetId} className="group flex items-center gap-1 rounded-lg hover:bg-sunken">
                    <button
                      type="button"
                      aria-label={t('composer.presets.apply', { title: preset.title })}
                      onClick={() => {
                        if (!state.apply(preset)) showToast({ message: t('composer.presets.unavailable', { title: preset.title }), severity: 'warning' });
                        setOpen(false);
                      }}
                      className="min-w-0 flex-1 rounded-lg px-2.5 py-2 text-left outline-none focus-visible:ring-4 focus-visible:ring-accent/15"
                    >
                      <span className="block truncate text-sm text-ink">{preset.title}</span>
                      <span className="block truncate text-xs text-ink-faint">
                        {preset.defaultPreset ? `${t('composer.presets.default')} · ` : ''}
                        {preset.model ?? preset.endpoint}
                      </span>
                    </button>
                    <button
                      type="button"
                      aria-pressed={preset.defaultPreset}
                      aria-label={t(preset.defaultPreset ? 'composer.presets.unsetDefault' : 'composer.presets.makeDefault', { title: preset.title })}
                      disabled={save.isPending}
                      onClick={() => toggleDefault(preset)}
                      className={clsx('grid size-8 place-items-center rounded-lg hover:bg-surface', preset.defaultPreset ? 'text-accent' : 'text-ink-faint hover:text-ink')}
                    >
                      <ComposerIcon name="star" filled={preset.defaultPreset} />
                    </button>
                    <button
                      type="button"
                      aria-label={t('composer.presets.delete', { title: preset.title })}
                      disabled={remove.isPending}
                      onClick={() => remove.mutate(preset.presetId)}
                      className="grid size-8 place-items-center rounded-lg text-ink-faint hover:bg-surface hover:text-danger"
                    >
                      <ComposerIcon name="trash" />
                    </button>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="px-2.5 py-3 text-sm text-ink-soft">{t('composer.presets.empty')}</p>
            )}
          </div>
          <form
            className="flex flex-col gap-2 border-t border-line p-3"
            onSubmit={(event) => {
              event.preventDefault();
              saveCurrent();
            }}
          >
            <label htmlFor={titleId} className="text-xs font-medium text-ink-soft">
              {t('composer.presets.saveCurrent')}
            </label>
            <div className="flex gap-2">
              <input
                id={titleId}
                value={title}
                maxLength={100}
                placeholder={t('composer.presets.titlePlaceholder')}
                onChange={(event) => setTitle(event.target.value)}
                className="h-9 min-w-0 flex-1 rounded-lg border border-line bg-canvas px-3 text-sm text-ink placeholder:text-ink-faint focus:border-accent focus:ring-4 focus:ring-accent/10 focus:outline-none"
              />
              <Button type="submit" size="sm" disabled={!title.trim() || !choice} loading={save.isPending}>
                {t('composer.presets.save')}
              </Button>
            </div>
          </form>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
