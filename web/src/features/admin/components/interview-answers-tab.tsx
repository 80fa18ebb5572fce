import type { MentorAnswer } from '@meld/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { Button } from '@/components/ui/button.tsx';
import { downloadCsv } from '@/lib/csv.ts';
import { mentorAnswersQuery } from '../api/admin-queries.ts';
import { formatDate, truncate } from '../lib/format.ts';
import { RESPONSE_CSV_COLUMNS, responseCsvRows } from '../lib/mentor-csv.ts';
import { ExportCsvButton, TableToolbar } from './export-csv-button.tsx';
import { AnswerStatusBadge } from './status-badge.tsx';
import { cellClass, headClass, stickyCellClass, stickyHeadClass, TableCard, TableEmpty, TableError, TableLoading } from './table-parts.tsx';

/** Spec 002 section 9: long text is cut at 120 characters in tables. */
const ANSWER_PREVIEW = 120;
/** The answer itself comes early so a laptop sees it without scrolling; the e-mail closes the row. */
const COLUMNS = ['mentor', 'question', 'answer', 'status', 'updatedAt', 'email'] as const;

/** Every answer of every mentor, newest first. */
export function InterviewAnswersTab() {
  const { t } = useTranslation();
  const answers = useQuery(mentorAnswersQuery(null));

  if (answers.isPending) return <TableLoading />;
  if (answers.isError) return <TableError error={answers.error} message={t('admin.errors.fetchResponses')} onRetry={() => void answers.refetch()} />;
  if (answers.data.length === 0) return <TableEmpty>{t('admin.responses.empty')}</TableEmpty>;
  const rows = [...answers.data].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
  const exportCsv = () =>
    downloadCsv(
      'interview-answers',
      RESPONSE_CSV_COLUMNS.map((column) => t(`adminSignups.mentors.responseColumns.${column}`)),
      responseCsvRows(rows),
    );

  return (
    <>
      <TableToolbar count={t('admin.responses.count', { count: rows.length })}>
        <ExportCsvButton onExport={exportCsv} />
      </TableToolbar>
      <TableCard label={t('admin.responses.tableLabel')}>
        <table className="w-max min-w-full border-separate border-spacing-0">
          <thead>
            <tr>
              {COLUMNS.map((column) => (
                <th key={column} scope="col" className={column === 'mentor' ? stickyHeadClass : headClass}>
                  {t(`admin.responses.columns.${column}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((answer) => (
              <ResponseRow key={answer._id} answer={answer} />
            ))}
          </tbody>
        </table>
      </TableCard>
    </>
  );
}

function ResponseRow({ answer }: { answer: MentorAnswer }) {
  const { t, i18n } = useTranslation();
  // Long texts line up from the top.
  const cell = `${cellClass} align-top`;
  const [expanded, setExpanded] = useState(false);
  const preview = truncate(answer.response_text, ANSWER_PREVIEW);
  return (
    <tr className="group">
      <th scope="row" className={`${stickyCellClass} align-top`}>
        {answer.mentor_name}
      </th>
      <td className={`${cell} text-ink-soft`}>
        <div className="w-56 lg:w-64">
          <p className="text-xs font-semibold tracking-wider text-accent-strong uppercase">{t('admin.interview.question', { stage: String(answer.stage_id) })}</p>
          <p className="mt-1">{answer.question}</p>
        </div>
      </td>
      <td className={cell}>
        <p className="w-72 whitespace-pre-wrap xl:w-96">{expanded ? answer.response_text : preview.text || t('admin.mentors.none')}</p>
        {preview.cut ? (
          <Button variant="quiet" size="sm" className="h-7" aria-expanded={expanded} onClick={() => setExpanded((open) => !open)}>
            {expanded ? t('admin.responses.showLess') : t('admin.responses.showMore')}
          </Button>
        ) : null}
      </td>
      <td className={cell}>
        <AnswerStatusBadge status={answer.status} />
      </td>
      <td className={`${cell} whitespace-nowrap text-ink-soft`}>{formatDate(answer.updatedAt, i18n.language)}</td>
      <td className={`${cell} whitespace-nowrap`}>{answer.mentor_email}</td>
    </tr>
  );
}
