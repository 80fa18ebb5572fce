import type { MentorAnswer, MentorInterestAdmin } from '@meld/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/lib/use-translation.ts';
import { Modal } from '@/components/ui/modal.tsx';
import { mentorAnswersQuery } from '../api/admin-queries.ts';
import { formatDateTime, formatDuration } from '../lib/format.ts';
import { fullName } from '../lib/mentor-columns.ts';
import { AnswerStatusBadge } from './status-badge.tsx';
import { TableEmpty, TableError, TableLoading } from './table-parts.tsx';

interface InterviewDialogProps {
  /** The mentor whose interview is open (the list row carries the stored insights); null when closed. */
  mentor: MentorInterestAdmin | null;
  onClose: () => void;
}

/** "Complete Interview" (spec 002): the insights, then every answer in question order. */
export function InterviewDialog({ mentor, onClose }: InterviewDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={mentor !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t('admin.interview.title')}
      description={mentor ? t('admin.interview.subtitle', { name: fullName(mentor), email: mentor.email }) : undefined}
      size="xl"
    >
      {mentor ? <InterviewBody mentor={mentor} /> : null}
    </Modal>
  );
}

function InterviewBody({ mentor }: { mentor: MentorInterestAdmin }) {
  const { t, i18n } = useTranslation();
  const answers = useQuery(mentorAnswersQuery(mentor._id));
  const sorted = [...(answers.data ?? [])].sort((a, b) => a.stage_id - b.stage_id);

  let list;
  if (answers.isPending) list = <TableLoading />;
  else if (answers.isError) list = <TableError error={answers.error} message={t('admin.errors.fetchInterview')} onRetry={() => void answers.refetch()} />;
  else if (sorted.length === 0) list = <TableEmpty>{t('admin.interview.empty')}</TableEmpty>;
  else
    list = (
      <ol className="space-y-4">
        {sorted.map((answer) => (
          <AnswerCard key={answer._id} answer={answer} />
        ))}
      </ol>
    );

  return (
    <div className="min-h-0 flex-1 space-y-6 overflow-y-auto px-6 pt-3 pb-6">
      <section aria-labelledby="interview-insights" className="rounded-2xl border border-accent/25 bg-accent-soft/60 px-5 py-4">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h3 id="interview-insights" className="font-serif text-lg font-semibold text-ink">
            {t('admin.interview.insights')}
          </h3>
          {mentor.completedAt ? <p className="text-xs text-ink-faint">{t('admin.interview.completedAt', { date: formatDateTime(mentor.completedAt, i18n.language) })}</p> : null}
        </div>
        <p className="mt-2 text-[0.95rem] leading-relaxed whitespace-pre-wrap text-ink">{mentor.insights || t('admin.interview.noInsights')}</p>
      </section>
      {list}
    </div>
  );
}

function AnswerCard({ answer }: { answer: MentorAnswer }) {
  const { t, i18n } = useTranslation();
  const rejected = answer.rejected_questions;
  return (
    <li className="rounded-2xl border border-line bg-surface px-5 py-4">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="text-xs font-semibold tracking-wider text-accent-strong uppercase">{t('admin.interview.question', { stage: String(answer.stage_id) })}</h3>
        <AnswerStatusBadge status={answer.status} />
        {answer.duration_ms ? <span className="text-xs text-ink-faint">{t('admin.interview.duration', { duration: formatDuration(answer.duration_ms) })}</span> : null}
        <span className="ml-auto text-xs text-ink-faint">{formatDateTime(answer.updatedAt, i18n.language)}</span>
      </div>
      {answer.preamble ? <p className="mt-3 text-sm leading-relaxed text-ink-soft italic">{answer.preamble}</p> : null}
      <p className="mt-2 font-serif text-lg leading-snug text-ink">{answer.question}</p>
      <blockquote className="mt-3 border-l-2 border-accent/40 pl-4 text-[0.95rem] leading-relaxed whitespace-pre-wrap text-ink">
        {answer.response_text || <span className="text-ink-faint">{t('admin.interview.noAnswer')}</span>}
      </blockquote>
      {rejected.length > 0 ? (
        <details className="mt-3 text-sm">
          <summary className="cursor-pointer text-ink-soft hover:text-ink">{t('admin.interview.rejected', { count: rejected.length })}</summary>
          <ul className="mt-2 space-y-2 border-l border-line pl-4">
            {rejected.map((item) => (
              <li key={`${item.at}-${item.question}`}>
                <p className="text-ink-soft">{item.question}</p>
                {item.reason ? <p className="text-xs text-ink-faint">{t('admin.interview.rejectedReason', { reason: item.reason })}</p> : null}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </li>
  );
}
