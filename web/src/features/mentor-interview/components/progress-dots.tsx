import { MENTOR_INTERVIEW_STAGE_COUNT } from '@meld/shared';
import clsx from 'clsx';
import { useTranslation } from '@/lib/use-translation.ts';

/** Six dots: answered, the current one, and those to come. */
export function ProgressDots({ step }: { step: number }) {
  const { t } = useTranslation();
  const steps = Array.from({ length: MENTOR_INTERVIEW_STAGE_COUNT }, (_, index) => index + 1);
  return (
    <div className="flex items-center gap-3">
      <ol className="flex items-center gap-2" aria-label={t('mentorInterview.question.progress', { step: String(step), total: String(MENTOR_INTERVIEW_STAGE_COUNT) })}>
        {steps.map((n) => {
          const state = n < step ? 'done' : n === step ? 'current' : 'todo';
          const label =
            state === 'done'
              ? t('mentorInterview.question.dotDone', { step: String(n) })
              : state === 'current'
                ? t('mentorInterview.question.dotCurrent', { step: String(n) })
                : t('mentorInterview.question.dotTodo', { step: String(n) });
          return (
            <li
              key={n}
              aria-current={state === 'current' ? 'step' : undefined}
              data-state={state}
              className={clsx(
                'h-2.5 rounded-full transition-all duration-300',
                state === 'done' && 'w-2.5 bg-accent',
                state === 'current' && 'w-7 bg-accent',
                state === 'todo' && 'w-2.5 bg-line-strong',
              )}
            >
              <span className="sr-only">{label}</span>
            </li>
          );
        })}
      </ol>
      <span className="text-xs font-medium text-ink-faint" aria-hidden="true">
        {t('mentorInterview.question.progress', { step: String(step), total: String(MENTOR_INTERVIEW_STAGE_COUNT) })}
      </span>
    </div>
  );
}
