import type { QuestionBasis } from '@meld/shared';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { Alert } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { showToast } from '@/lib/toast.ts';
import { isRateLimited, useGenerateQuestion, useGenerateSummary, useSaveReflection } from '../api/reflection-mutations.ts';
import { useInteraction, type CompassDay } from '../api/today-queries.ts';
import { isEveningOpen } from '../lib/day-rules.ts';
import { EveningSummary } from './evening-summary.tsx';
import { EveningWriting } from './evening-writing.tsx';
import { RechargeNudge } from './recharge-nudge.tsx';
import { SegmentCard } from './segment-card.tsx';

interface EveningCheckinProps {
  date: string;
  dateLabel: string;
  isToday: boolean;
  now: Date;
  day: CompassDay | undefined;
  status: 'pending' | 'error' | 'success';
  /** The plus menu's "New Reflection" asked for this day: start once the day has loaded, if it can. */
  startRequested: boolean;
  onStartHandled: () => void;
}

const SAVED_TOAST_MS = 3000;

/** The evening check-in: locked until 15:00, then question, reflection, save, daily summary. */
export function EveningCheckin({ date, dateLabel, isToday, now, day, status, startRequested, onStartHandled }: EveningCheckinProps) {
  const { t } = useTranslation();
  const [writing, setWriting] = useState(false);
  const [question, setQuestion] = useState('');
  /** Where a question without a model came from in the member's record; none for a model's or the bank's. */
  const [basis, setBasis] = useState<QuestionBasis | null>(null);
  const [text, setText] = useState('');
  const clientRequestId = useRef(crypto.randomUUID());
  const summaryRequested = useRef(false);
  const generate = useGenerateQuestion(date);
  const save = useSaveReflection(date);
  const summarize = useGenerateSummary(date);
  const interaction = useInteraction(day?.reflectionInteractionId ?? null);

  const open = isToday && isEveningOpen(now);
  const note = day?.eveningNote ?? null;
  const canStart = status === 'success' && open && !note && !writing;

  const start = () =>
    generate.mutate(undefined, {
      onSuccess: (answer) => {
        setQuestion(answer.question);
        setBasis(answer.basis ?? null);
        setText('');
        setWriting(true);
      },
    });

  useEffect(() => {
    if (!startRequested || status === 'pending') return;
    onStartHandled();
    if (canStart && !generate.isPending) start();
  });

  // A reflection saved without a summary (the tab closed mid-way) asks for it once on opening today.
  useEffect(() => {
    if (!isToday || !note || day?.dailySummary || summaryRequested.current) return;
    summaryRequested.current = true;
    summarize.mutate(note);
  }, [isToday, note, day?.dailySummary, summarize]);

  const saveReflection = () =>
    save.mutate(
      { id: day?.reflectionInteractionId ?? null, question, text: text.trim(), clientRequestId: clientRequestId.current },
      {
        onSuccess: (saved) => {
          showToast({ message: t('today.evening.saved'), severity: 'success', duration: SAVED_TOAST_MS });
          clientRequestId.current = crypto.randomUUID();
          setWriting(false);
          summaryRequested.current = true;
          summarize.mutate(saved.responseText ?? text.trim());
        },
      },
    );

  const savedQuestion = interaction.data?.interactionMeta.generatedQuestion ?? interaction.data?.promptText ?? null;
  const edit = () => {
    setQuestion(savedQuestion ?? t('today.evening.defaultQuestion'));
    setBasis(null);
    setText(note ?? '');
    setWriting(true);
  };

  let body;
  if (status === 'pending') {
    body = (
      <p className="flex items-center gap-2 text-ink-soft" role="status">
        <Spinner /> {t('today.evening.loading')}
      </p>
    );
  } else if (status === 'error') {
    body = <Alert>{t('today.compass.loadFailed')}</Alert>;
  } else if (writing) {
    body = <EveningWriting question={question} basis={basis} text={text} saving={save.isPending} saveFailed={save.isError} onChange={setText} onSave={saveReflection} onCancel={() => setWriting(false)} />;
  } else if (note) {
    body = (
      <EveningSummary
        question={savedQuestion}
        note={note}
        summary={day?.dailySummary ?? null}
        summarySource={day?.summarySource ?? null}
        summaryStale={day?.summaryStale ?? false}
        generating={summarize.isPending || (isToday && !day?.dailySummary && !summarize.isError)}
        onRetrySummary={isToday ? () => summarize.mutate(note) : undefined}
        onEdit={isToday ? edit : undefined}
        offerWin={isToday}
      />
    );
  } else if (!isToday) {
    body = <p className="text-ink-soft">{t('today.evening.noData', { date: dateLabel })}</p>;
  } else if (!open) {
    body = (
      <p className="flex items-center gap-3 text-ink-soft">
        <svg viewBox="0 0 20 20" className="size-5 text-ink-faint" fill="none" stroke="currentColor" strokeWidth="1.6" aria-hidden="true">
          <rect x="4.5" y="9" width="11" height="8" rx="2" />
          <path d="M7 9V6.5a3 3 0 0 1 6 0V9" />
        </svg>
        {t('today.evening.locked')}
      </p>
    );
  } else {
    body = (
      <div>
        <p className="max-w-prose leading-relaxed text-ink-soft">{t('today.evening.intro')}</p>
        <Button className="mt-5" onClick={start} loading={generate.isPending}>
          {t('today.evening.start')}
        </Button>
        {generate.isError ? (
          <Alert className="mt-4">{isRateLimited(generate.error) ? t('today.evening.tooManyRequests') : t('today.evening.questionFailed')}</Alert>
        ) : null}
      </div>
    );
  }

  return (
    <SegmentCard id="evening-checkin" title={t('today.evening.title')} eyebrow={t('today.evening.eyebrow')}>
      {body}
      <RechargeNudge energy={day?.energy} isToday={isToday} />
    </SegmentCard>
  );
}
