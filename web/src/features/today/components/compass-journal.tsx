import { useId, type KeyboardEvent } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { Button } from '@/components/ui/button.tsx';
import { textArea } from '../lib/styles.ts';

interface CompassJournalProps {
  note: string;
  saving: boolean;
  onChange: (note: string) => void;
  onSave: () => void;
  /** Leaves without saving the note (the sliders, already saved, stay). */
  onCancel?: (() => void) | undefined;
}

/** The journaling screen after the sliders: "Save & Close" needs a note; Cmd/Ctrl+Enter saves. */
export function CompassJournal({ note, saving, onChange, onSave, onCancel }: CompassJournalProps) {
  const { t } = useTranslation();
  const id = useId();
  const canSave = note.trim().length > 0 && !saving;
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) {
      event.preventDefault();
      if (canSave) onSave();
    }
  };
  return (
    <div>
      <label htmlFor={id} className="font-serif text-xl text-ink">
        {t('today.compass.journalPrompt')}
      </label>
      <textarea
        id={id}
        rows={5}
        value={note}
        autoFocus
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
        placeholder={t('today.compass.journalPlaceholder')}
        className={`mt-3 ${textArea}`}
      />
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <p className="text-xs text-ink-faint">{t('today.compass.saveShortcut')}</p>
        <div className="flex flex-wrap gap-3">
          {onCancel ? (
            <Button variant="secondary" onClick={onCancel} disabled={saving}>
              {t('today.compass.cancel')}
            </Button>
          ) : null}
          <Button onClick={onSave} disabled={!canSave} loading={saving}>
            {t('today.compass.saveAndClose')}
          </Button>
        </div>
      </div>
    </div>
  );
}

