import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { textArea } from '../lib/styles.ts';

const ENCOURAGE_AFTER = 20;

interface EveningWritingProps {
  question: string;
  text: string;
  saving: boolean;
  saveFailed: boolean;
  onChange: (text: string) => void;
  onSave: () => void;
  /** Leaves without saving: the saved reflection (or the start) stays as it was. */
  onCancel: () => void;
}

/** The generated question and the reflection's text area (spec 002 section 5, evening reflection). */
export function EveningWriting({ question, text, saving, saveFailed, onChange, onSave, onCancel }: EveningWritingProps) {
  const { t } = useTranslation();
  const id = useId();
  const [showEmpty, setShowEmpty] = useState(false);
  const trimmed = text.trim();
  const submit = () => {
    if (!trimmed) {
      setShowEmpty(true);
      return;
    }
    onSave();
  };
  return (
    <div>
      <label htmlFor={id} className="block font-serif text-xl leading-snug text-ink">
        {question}
      </label>
      <textarea
        id={id}
        rows={6}
        value={text}
        autoFocus
        aria-invalid={showEmpty && !trimmed ? true : undefined}
        onChange={(event) => {
          onChange(event.target.value);
          setShowEmpty(false);
        }}
        placeholder={t('today.evening.placeholder')}
        className={`mt-4 ${textArea}`}
      />
      <div className="mt-2 min-h-5 text-sm" aria-live="polite">
        {showEmpty && !trimmed ? <p className="text-danger">{t('today.evening.empty')}</p> : null}
        {trimmed.length > ENCOURAGE_AFTER ? <p className="text-sage">{t('today.evening.encouragement')}</p> : null}
      </div>
      {saveFailed ? <Alert className="mt-3">{t('today.evening.saveFailed')}</Alert> : null}
      <div className="mt-4 flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onCancel} disabled={saving}>
          {t('today.evening.cancel')}
        </Button>
        <Button onClick={submit} loading={saving}>
          {t('today.evening.save')}
        </Button>
      </div>
    </div>
  );
}
