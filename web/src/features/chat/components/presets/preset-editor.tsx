import type { Preset, RouteBody } from '@meld/shared';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { Button } from '@/components/ui/button.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { downloadFile } from '@/lib/download.ts';
import { showToast } from '@/lib/toast.ts';
import { useSavePreset } from '../../api/composer-queries.ts';
import { EDITABLE_KEYS } from '../../lib/composer-settings.ts';
import { presetExport, presetFileName, settingsOf } from './preset-file.ts';

const FIELD = 'h-9 w-full rounded-lg border border-line bg-canvas px-3 text-sm text-ink focus:border-accent focus:ring-4 focus:ring-accent/10 focus:outline-none aria-[invalid=true]:border-danger';
const TITLE_MAX = 100;
/** Parameters with a name in the parameters panel's strings; the summary lists them by that name. */
const NAMED = new Set(['temperature', 'top_p', 'topP', 'topK', 'presence_penalty', 'frequency_penalty', 'max_tokens', 'maxOutputTokens']);

/** The composer's model and parameters as a preset holds them, with the model's name to show. */
export interface CurrentSettings {
  model: string;
  settings: Omit<RouteBody<'savePreset'>, 'title'>;
}

interface PresetEditorProps {
  preset: Preset;
  current: CurrentSettings | null;
  onClose: () => void;
}

/**
 * Renames a preset and changes its settings. Its parameters are edited where every parameter is
 * edited, the parameters panel: the editor offers to take the composer's current model and
 * parameters in place of the preset's (decision 0042). It also exports the preset as JSON.
 */
export function PresetEditor({ preset, current, onClose }: PresetEditorProps) {
  const { t } = useTranslation();
  const ids = { title: useId(), replace: useId(), error: useId() };
  const [title, setTitle] = useState(preset.title);
  const [replace, setReplace] = useState(false);
  const [missing, setMissing] = useState(false);
  const save = useSavePreset();
  const settings = replace && current ? current.settings : settingsOf(preset);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const name = title.trim();
    if (!name) {
      setMissing(true);
      return;
    }
    save.mutate(
      { ...settings, presetId: preset.presetId, title: name },
      {
        onSuccess: () => {
          showToast({ message: t('composer.presets.saved', { title: name }), severity: 'success' });
          onClose();
        },
      },
    );
  };
  const exportPreset = () => {
    downloadFile(presetFileName(preset.title), JSON.stringify(presetExport(preset), null, 2), 'application/json');
    showToast({ message: t('composer.presets.exported', { title: preset.title }), severity: 'success' });
  };

  const parameters = EDITABLE_KEYS.filter((key) => NAMED.has(key) && typeof settings[key] === 'number');
  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={t('composer.presets.editTitle')} description={t('composer.presets.editDescription')}>
      <form onSubmit={submit} noValidate className="flex min-h-0 flex-col">
        <div className="flex min-h-0 flex-col gap-4 overflow-y-auto px-6 pt-2 pb-5">
          <div className="flex flex-col gap-1.5">
            <label htmlFor={ids.title} className="text-sm font-medium text-ink">
              {t('composer.presets.titleLabel')}
            </label>
            <input
              id={ids.title}
              value={title}
              maxLength={TITLE_MAX}
              aria-invalid={missing || undefined}
              aria-describedby={missing ? ids.error : undefined}
              onChange={(event) => {
                setMissing(false);
                setTitle(event.target.value);
              }}
              className={FIELD}
            />
            {missing ? (
              <p id={ids.error} role="alert" className="text-xs text-danger">
                {t('composer.presets.titleRequired')}
              </p>
            ) : null}
          </div>
          <section aria-label={t('composer.presets.holds')} className="rounded-xl border border-line bg-canvas/60 p-3 text-sm">
            <p className="font-medium text-ink">{[settings.endpoint, settings.model].filter(Boolean).join(' · ') || t('composer.presets.noModel')}</p>
            {settings.promptPrefix ? <p className="mt-1 line-clamp-2 text-xs leading-relaxed text-ink-soft">{settings.promptPrefix}</p> : null}
            {parameters.length ? (
              <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-0.5 text-xs">
                {parameters.map((key) => (
                  <div key={key} className="contents">
                    <dt className="text-ink-faint">{t(`composer.parameters.names.${key as 'temperature'}`)}</dt>
                    <dd className="text-ink tabular-nums">{String(settings[key])}</dd>
                  </div>
                ))}
              </dl>
            ) : null}
          </section>
          {current ? (
            <label htmlFor={ids.replace} className="flex cursor-pointer items-start gap-3">
              <input id={ids.replace} type="checkbox" checked={replace} onChange={(event) => setReplace(event.target.checked)} className="mt-0.5 size-4 shrink-0 accent-[var(--accent)]" />
              <span>
                <span className="block text-sm font-medium text-ink">{t('composer.presets.replaceSettings', { model: current.model })}</span>
                <span className="block text-xs text-ink-faint">{t('composer.presets.replaceHint')}</span>
              </span>
            </label>
          ) : null}
        </div>
        <footer className="flex flex-wrap items-center justify-between gap-2 border-t border-line px-6 py-3">
          <Button variant="ghost" size="sm" onClick={exportPreset}>
            {t('composer.presets.export')}
          </Button>
          <span className="flex gap-2">
            <Button variant="secondary" size="sm" onClick={onClose} disabled={save.isPending}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" size="sm" loading={save.isPending}>
              {t('composer.presets.saveChanges')}
            </Button>
          </span>
        </footer>
      </form>
    </Modal>
  );
}
