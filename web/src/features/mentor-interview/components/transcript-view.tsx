import { useEffect, useState } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { Alert } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { answerAreaClasses } from './answer-area.ts';

interface Props {
  transcript: string;
  onSave: (text: string) => Promise<boolean>;
  onDelete: () => void;
  /** Whether the edit box is open: the card holds Approve meanwhile, so it never approves the text being replaced. */
  onEditingChange: (editing: boolean) => void;
}

/** A finished transcription: read it, edit it inline (Save / Cancel), or delete it and record again. */
export function TranscriptView({ transcript, onSave, onDelete, onEditingChange }: Props) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);
  // The card hears of the edit box in the same event that opens or closes it, so Approve never lags behind.
  const edit = (next: string | null) => {
    setDraft(next);
    onEditingChange(next !== null);
  };
  useEffect(() => () => onEditingChange(false), [onEditingChange]);

  if (draft !== null) {
    const save = async () => {
      setSaving(true);
      const ok = await onSave(draft);
      setSaving(false);
      setFailed(!ok);
      if (ok) edit(null);
    };
    return (
      <div className="flex flex-col gap-3">
        <textarea
          aria-label={t('mentorInterview.recorder.editLabel')}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          className={answerAreaClasses}
          autoFocus
        />
        {failed ? <Alert>{t('mentorInterview.card.saveFailed')}</Alert> : null}
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={() => edit(null)} disabled={saving}>
            {t('mentorInterview.recorder.cancel')}
          </Button>
          <Button onClick={() => void save()} loading={saving} disabled={!draft.trim()}>
            {t('mentorInterview.recorder.save')}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-3">
      <figure className="rounded-2xl bg-sunken px-5 py-4">
        <figcaption className="text-xs font-medium tracking-wide text-ink-faint uppercase">{t('mentorInterview.recorder.transcriptLabel')}</figcaption>
        <p className="mt-2 leading-relaxed whitespace-pre-wrap text-ink">{transcript}</p>
      </figure>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={() => edit(transcript)}>
          {t('mentorInterview.recorder.edit')}
        </Button>
        <Button variant="ghost" size="sm" onClick={onDelete}>
          {t('mentorInterview.recorder.deleteAndRerecord')}
        </Button>
      </div>
    </div>
  );
}
