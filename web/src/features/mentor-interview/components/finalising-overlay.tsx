import { MENTOR_INTERVIEW_TIMING } from '@meld/shared';
import { useEffect, useRef } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { Spinner } from '@/components/ui/spinner.tsx';

interface Props {
  waitedMs: number;
  onReview: () => void;
}

/** Shown only while a transcription is awaited; the text changes at 5 s and 10 s, the review link comes at 8 s. */
export function FinalisingOverlay({ waitedMs, onReview }: Props) {
  const { t } = useTranslation();
  const [firstChange, secondChange] = MENTOR_INTERVIEW_TIMING.statusTextAtMs;
  const text =
    waitedMs >= secondChange ? t('mentorInterview.overlay.at10') : waitedMs >= firstChange ? t('mentorInterview.overlay.at5') : t('mentorInterview.overlay.initial');
  const dialog = useRef<HTMLDivElement>(null);
  useEffect(() => dialog.current?.focus(), []);

  return (
    <div className="fixed inset-0 z-40 grid animate-fade-in place-items-center bg-canvas/85 px-6 backdrop-blur-sm">
      <div
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby="finalising-title"
        tabIndex={-1}
        className="w-full max-w-sm rounded-3xl border border-line bg-surface px-8 py-10 text-center shadow-lift outline-none"
      >
        <span className="mx-auto grid size-14 place-items-center rounded-full bg-accent-soft text-2xl text-accent">
          <Spinner />
        </span>
        <h2 id="finalising-title" className="mt-5 text-2xl font-semibold text-ink">
          {t('mentorInterview.overlay.title')}
        </h2>
        <p role="status" className="mt-3 text-ink-soft">
          {text}
        </p>
        {waitedMs >= MENTOR_INTERVIEW_TIMING.reviewLinkAfterMs ? (
          <button type="button" onClick={onReview} className="mt-6 font-medium text-accent underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-focus">
            {t('mentorInterview.overlay.review')}
          </button>
        ) : null}
      </div>
    </div>
  );
}
