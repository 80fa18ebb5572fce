import type { QuestionBasis } from '@meld/shared';
import { useId, useState } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { Link } from 'react-router-dom';
import { Alert } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { textArea } from '../lib/styles.ts';

const ENCOURAGE_AFTER = 20;

interface EveningWritingProps {
  question: string;
  /** Where the question came from in the member's own record, shown under it. */
  basis?: QuestionBasis | null | undefined;
  text: string;
  saving: boolean;
  saveFailed: boolean;
  onChange: (text: string) => void;
  onSave: () => void;
  /** Leaves without saving: the saved reflection (or the start) stays as it was. */
  onCancel: () => void;
}

/** The generated question and the reflection's text area (spec 002 section 5, evening reflection). */
export function EveningWriting({ question, basis, text, saving, saveFailed, onChange, onSave, onCancel }: EveningWritingProps) {
  const { t } = useTranslation();
  const id = useId();
  const basisId = `${id}-basis`;
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
      {basis ? <QuestionSource id={basisId} basis={basis} /> : null}
      <textarea
        id={id}
        aria-describedby={basis ? basisId : undefined}
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

/** "From your fragment on Tuesday": a link to that record, in a new tab so the reflection being written stays. */
function QuestionSource({ id, basis }: { id: string; basis: QuestionBasis }) {
  const { t } = useTranslation();
  return (
    <p id={id} className="mt-2 text-sm text-ink-soft">
      {basis.link ? (
        <Link to={basis.link} target="_blank" rel="noopener noreferrer" className="underline decoration-line underline-offset-2 hover:text-ink">
          {basis.label}
          <span className="sr-only"> {t('today.evening.basisNewTab')}</span>
        </Link>
      ) : (
        basis.label
      )}
    </p>
  );
}
