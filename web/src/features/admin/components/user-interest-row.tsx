import type { UserInterestAdmin } from '@meld/shared';
import { useState } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { Button } from '@/components/ui/button.tsx';
import { formatDate, truncate } from '../lib/format.ts';
import { SITUATION_DETAIL_FIELDS } from '../lib/signup-csv.ts';
import { DangerRowButton } from './danger-row-button.tsx';
import { RepeatNote } from './repeat-note.tsx';
import { Badge } from './status-badge.tsx';
import { cellClass, stickyCellClass, stickyEndCellClass } from './table-parts.tsx';

/** Spec 002 section 9: the motivation is cut at 120 characters in the table. */
export const MOTIVATION_PREVIEW = 120;

interface UserInterestRowProps {
  signup: UserInterestAdmin;
  /** The first sign-up with this e-mail, when this one repeats it. */
  earlier?: UserInterestAdmin;
  confirming: boolean;
  onConfirmNewsletter: () => void;
  onDelete: () => void;
}

/** One waitlist sign-up: who, where they stand, how they heard of Meld, why, and the newsletter step. */
export function UserInterestRow({ signup, earlier, confirming, onConfirmNewsletter, onDelete }: UserInterestRowProps) {
  const { t, i18n } = useTranslation();
  const cell = `${cellClass} align-top`;
  const none = t('admin.mentors.none');

  return (
    <tr className="group">
      <th scope="row" className={`${stickyCellClass} align-top`}>
        {signup.name}
        {signup.repeatOf ? <RepeatNote earlier={earlier} /> : null}
      </th>
      <td className={`${cell} whitespace-nowrap`}>{signup.email}</td>
      <td className={cell}>
        <NewsletterCell signup={signup} confirming={confirming} onConfirm={onConfirmNewsletter} />
      </td>
      <td className={cell}>
        <div className="w-40">{signup.currentSituation}</div>
      </td>
      <td className={cell}>
        <SituationDetails signup={signup} />
      </td>
      <td className={cell}>
        <div className="w-44">
          {signup.referralSourceOther ? t('adminSignups.userInterest.referralOther', { source: signup.referralSource, other: signup.referralSourceOther }) : signup.referralSource || none}
        </div>
      </td>
      <td className={cell}>
        <Motivation text={signup.motivation} />
      </td>
      <td className={`${cell} whitespace-nowrap text-ink-soft`}>{formatDate(signup.createdAt, i18n.language)}</td>
      <td className={`${stickyEndCellClass} align-top whitespace-nowrap`}>
        <DangerRowButton onClick={onDelete} aria-label={t('adminSignups.userInterest.deleteLabel', { name: signup.name })}>
          {t('adminSignups.userInterest.delete')}
        </DangerRowButton>
      </td>
    </tr>
  );
}

/** Subscribed, with the day it happened; or Not Confirmed with the one way forward (no reverse, spec 002). */
function NewsletterCell({ signup, confirming, onConfirm }: { signup: UserInterestAdmin; confirming: boolean; onConfirm: () => void }) {
  const { t, i18n } = useTranslation();
  if (signup.newsletterSubscription) {
    return (
      <div className="flex flex-col items-start gap-1">
        <Badge tone="done" label={t('adminSignups.userInterest.subscribed')} />
        {signup.newsletterSignedUpAt ? (
          <span className="text-xs whitespace-nowrap text-ink-faint">{t('adminSignups.userInterest.subscribedOn', { date: formatDate(signup.newsletterSignedUpAt, i18n.language) })}</span>
        ) : null}
      </div>
    );
  }
  return (
    <div className="flex flex-col items-start gap-1">
      <Badge tone="neutral" label={t('adminSignups.userInterest.notConfirmed')} />
      <Button size="sm" variant="quiet" className="h-7" loading={confirming} onClick={onConfirm} aria-label={t('adminSignups.userInterest.markSubscribedLabel', { name: signup.name })}>
        {t('adminSignups.userInterest.markSubscribed')}
      </Button>
    </div>
  );
}

/** The answers the chosen situation asked for, labelled; yes/no for the mentoring checkboxes. */
function SituationDetails({ signup }: { signup: UserInterestAdmin }) {
  const { t } = useTranslation();
  const answered = SITUATION_DETAIL_FIELDS.filter((field) => signup[field] !== undefined && signup[field] !== '');
  if (answered.length === 0) return <span className="text-ink-faint">{t('admin.mentors.none')}</span>;
  return (
    <dl className="grid w-72 grid-cols-[7rem_1fr] gap-x-3 gap-y-1">
      {answered.map((field) => {
        const value = signup[field];
        return (
          <div key={field} className="contents">
            <dt className="text-ink-faint">{t(`adminSignups.userInterest.fields.${field}`)}</dt>
            <dd className="break-words">{typeof value === 'boolean' ? t(value ? 'adminSignups.yes' : 'adminSignups.no') : value}</dd>
          </div>
        );
      })}
    </dl>
  );
}

function Motivation({ text }: { text: string }) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(false);
  const preview = truncate(text, MOTIVATION_PREVIEW);
  return (
    <div className="w-72 xl:w-80">
      <p className="whitespace-pre-wrap">{expanded ? text : preview.text}</p>
      {preview.cut ? (
        <Button variant="quiet" size="sm" className="h-7" aria-expanded={expanded} onClick={() => setExpanded((open) => !open)}>
          {expanded ? t('adminSignups.userInterest.showLess') : t('adminSignups.userInterest.showMore')}
        </Button>
      ) : null}
    </div>
  );
}
