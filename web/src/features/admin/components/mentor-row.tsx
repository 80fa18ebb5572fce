import { MENTOR_INTEREST_STATUSES, MENTOR_INTERVIEW_STAGE_COUNT, type MentorInterestAdmin, type MentorInterestStatus } from '@meld/shared';
import { useTranslation } from '@/lib/use-translation.ts';
import { Button } from '@/components/ui/button.tsx';
import { formatDate } from '../lib/format.ts';
import { cellText, fullName } from '../lib/mentor-columns.ts';
import { cellClass, stickyCellClass } from './table-parts.tsx';
import { DangerRowButton } from './danger-row-button.tsx';
import { RepeatNote } from './repeat-note.tsx';
import { TokenCell } from './token-cell.tsx';

interface MentorRowProps {
  mentor: MentorInterestAdmin;
  /** The first sign-up with this e-mail, when this one repeats it. */
  earlier?: MentorInterestAdmin;
  extraColumns: readonly string[];
  generating: boolean;
  onStatusChange: (status: MentorInterestStatus) => void;
  onGenerate: () => void;
  onReplace: () => void;
  onView: () => void;
  onDelete: () => void;
}

/** One mentor sign-up: who they are, how far the interview got, its status and its link. */
export function MentorRow({ mentor, earlier, extraColumns, generating, onStatusChange, onGenerate, onReplace, onView, onDelete }: MentorRowProps) {
  const { t, i18n } = useTranslation();
  const name = fullName(mentor);
  const none = t('admin.mentors.none');
  const text = (value: unknown) => cellText(value, i18n.language) || none;
  const total = MENTOR_INTERVIEW_STAGE_COUNT;
  // Controls and badges sit on one line per row, so the row centres them.
  const cell = `${cellClass} align-middle`;

  return (
    <tr className="group">
      <th scope="row" className={`${stickyCellClass} align-middle`}>
        {name}
        {mentor.repeatOf ? <RepeatNote earlier={earlier && { name: fullName(earlier), createdAt: earlier.createdAt }} /> : null}
      </th>
      <td className={`${cell} whitespace-nowrap`}>{mentor.email}</td>
      <td className={cell}>
        <select
          value={mentor.status}
          aria-label={t('admin.mentors.statusLabel', { name })}
          onChange={(event) => onStatusChange(event.target.value as MentorInterestStatus)}
          className="h-9 rounded-lg border border-line-strong bg-surface px-2 text-sm text-ink outline-none hover:border-ink-faint focus:border-accent focus:ring-4 focus:ring-accent/15"
        >
          {MENTOR_INTEREST_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`admin.mentorStatus.${status}`)}
            </option>
          ))}
        </select>
      </td>
      <td className={`${cell} whitespace-nowrap`}>
        <TokenCell mentor={mentor} pending={generating} onGenerate={onGenerate} onReplace={onReplace} />
      </td>
      <td className={`${cell} whitespace-nowrap tabular-nums`}>
        <span aria-hidden="true">{t('admin.mentors.answered', { done: String(mentor.answeredStages), total: String(total) })}</span>
        <span className="sr-only">{t('admin.mentors.answeredLabel', { done: String(mentor.answeredStages), total: String(total) })}</span>
      </td>
      <td className={`${cell} whitespace-nowrap`}>
        <div className="flex items-center gap-4">
          <Button size="sm" variant="quiet" onClick={onView} aria-label={`${t('admin.mentors.viewInterview')}: ${name}`}>
            {t('admin.mentors.viewInterview')}
          </Button>
          <DangerRowButton onClick={onDelete} aria-label={t('adminSignups.mentors.deleteLabel', { name })}>
            {t('adminSignups.mentors.delete')}
          </DangerRowButton>
        </div>
      </td>
      <td className={cell}>
        <div className="max-w-52 min-w-32">{text(mentor.jobTitle)}</div>
      </td>
      <td className={cell}>
        <div className="max-w-48 min-w-24">{text(mentor.company)}</div>
      </td>
      <td className={cell}>
        <div className="max-w-52 min-w-32">{text(mentor.industry)}</div>
      </td>
      <td className={cell}>
        <div className="max-w-48 min-w-32">{text(mentor.careerStage)}</div>
      </td>
      <td className={`${cell} whitespace-nowrap text-ink-soft`}>{formatDate(mentor.createdAt, i18n.language)}</td>
      {extraColumns.map((key) => (
        <td key={key} className={`${cell} text-ink-soft`}>
          <div className="max-w-60 min-w-24">{text((mentor as Record<string, unknown>)[key])}</div>
        </td>
      ))}
    </tr>
  );
}
