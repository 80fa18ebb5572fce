import type { Preset } from '@meld/shared';
import * as Popover from '@radix-ui/react-popover';
import { useQuery } from '@tanstack/react-query';
import clsx from 'clsx';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { Button } from '@/components/ui/button.tsx';
import { showToast } from '@/lib/toast.ts';
import { presetsQuery, useDeletePreset, useSavePreset } from '../../api/composer-queries.ts';
import type { ModelChoiceState } from '../../hooks/use-model-choice.ts';
import { settingsForSend } from '../../lib/composer-settings.ts';
import { ComposerIcon, TOOL_BUTTON } from '../composer/composer-icons.tsx';
import { PresetEditor, type CurrentSettings } from './preset-editor.tsx';
import { parsePresetFile, PRESET_FILE_MAX_BYTES, readFileText, settingsOf } from './preset-file.ts';

/** The default preset first, then the server's order. */
const byDefaultFirst = (list: readonly Preset[]) => [...list].sort((a, b) => Number(b.defaultPreset) - Number(a.defaultPreset));

/** The user's presets: choose one to start from it, save the current settings as one, pick the default, edit, import, export, delete. */
export function PresetsMenu({ state, disabled }: { state: ModelChoiceState; disabled?: boolean }) {
  const { t } = useTranslation();
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState('');
  const presets = useQuery({ ...presetsQuery, enabled: open });
  const save = useSavePreset();
  const remove = useDeletePreset();
  const [editing, setEditing] = useState<Preset | null>(null);
  const [importError, setImportError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const { choice } = state;
  // The composer's model and parameters, as saving or editing a preset stores them.
  const current: CurrentSettings | null = choice
    ? { model: choice.model, settings: { ...settingsForSend(choice.endpointType, choice.model, choice.settings ?? {}), endpoint: choice.endpoint, endpointType: choice.endpointType, model: choice.model } }
    : null;

  const saveCurrent = () => {
    const name = title.trim();
    if (!current || !name) return;
    save.mutate(
      { ...current.settings, title: name },
      {
        onSuccess: () => {
          setTitle('');
          showToast({ message: t('composer.presets.saved', { title: name }), severity: 'success' });
        },
      },
    );
  };
  const importFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setImportError(null);
    if (file.size > PRESET_FILE_MAX_BYTES) {
      setImportError(t('composer.presets.importTooLarge'));
      return;
    }
    let parsed: Awaited<ReturnType<typeof parsePresetFile>>;
    try {
      parsed = await parsePresetFile(await readFileText(file));
    } catch {
      setImportError(t('composer.presets.import_notJson'));
      return;
    }
    if (!parsed.ok) {
      setImportError(parsed.reason === 'invalid' ? t('composer.presets.importInvalid', { detail: parsed.detail ?? '' }) : t(`composer.presets.import_${parsed.reason}`));
      return;
    }
    save.mutate(parsed.preset, {
      onSuccess: (saved) => showToast({ message: t('composer.presets.imported', { title: saved.title }), severity: 'success' }),
      onError: (error) => setImportError(t('composer.presets.importInvalid', { detail: error.message })),
    });
  };
  const toggleDefault = (preset: Preset) => {
    save.mutate({ ...settingsOf(preset), presetId: preset.presetId, title: preset.title, defaultPreset: !preset.defaultPreset });
  };

  return (
    <>
      <Popover.Root
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) setImportError(null);
        }}
      >
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
            <div className="flex items-center justify-between gap-2 border-b border-line py-2.5 pr-2.5 pl-4">
              <h2 className="font-serif text-lg font-semibold text-ink">{t('composer.presets.title')}</h2>
              <Button variant="ghost" size="sm" onClick={() => fileInput.current?.click()} disabled={save.isPending}>
                {t('composer.presets.import')}
              </Button>
              <input ref={fileInput} type="file" accept="application/json,.json" aria-label={t('composer.presets.importFile')} className="hidden" onChange={(event) => void importFile(event)} />
            </div>
            {importError ? (
              <p role="alert" className="mx-3 mt-2 rounded-lg bg-danger/10 px-3 py-2 text-xs leading-relaxed text-danger">
                {importError}
              </p>
            ) : null}
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
                        aria-label={t('composer.presets.edit', { title: preset.title })}
                        onClick={() => {
                          setOpen(false);
                          setEditing(preset);
                        }}
                        className="grid size-8 place-items-center rounded-lg text-ink-faint hover:bg-surface hover:text-ink"
                      >
                        <svg viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" aria-hidden="true">
                          <path d="M13.5 3.5l3 3L7 16H4v-3z" />
                        </svg>
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
                <Button type="submit" size="sm" disabled={!title.trim() || !current} loading={save.isPending}>
                  {t('composer.presets.save')}
                </Button>
              </div>
            </form>
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
    {editing ? <PresetEditor key={editing.presetId} preset={editing} current={current} onClose={() => setEditing(null)} /> : null}
    </>
  );
}
