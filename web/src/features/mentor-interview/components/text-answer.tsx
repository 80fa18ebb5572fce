import { useTranslation } from '@/lib/use-translation.ts';
import { answerAreaClasses } from './answer-area.ts';

interface Props {
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  saveState: 'idle' | 'saving' | 'saved' | 'failed';
}

/** The written answer; the card saves it when the field is left, and only when it changed. */
export function TextAnswer({ value, onChange, onBlur, saveState }: Props) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor="mentor-answer" className="sr-only">
        {t('mentorInterview.card.answerLabel')}
      </label>
      <textarea
        id="mentor-answer"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        placeholder={t('mentorInterview.card.placeholder')}
        className={answerAreaClasses}
      />
      <p aria-live="polite" className={saveState === 'failed' ? 'text-sm text-danger' : 'text-right text-xs text-ink-faint'}>
        {saveState === 'saving'
          ? t('mentorInterview.card.saving')
          : saveState === 'saved'
            ? t('mentorInterview.card.saved')
            : saveState === 'failed'
              ? t('mentorInterview.card.saveFailed')
              : ''}
      </p>
    </div>
  );
}
