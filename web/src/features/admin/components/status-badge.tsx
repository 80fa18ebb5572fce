import type { MentorInterestStatus, MentorResponseStatus } from '@meld/shared';
import clsx from 'clsx';
import { useTranslation } from '@/lib/use-translation.ts';

export type BadgeTone = 'neutral' | 'progress' | 'done' | 'danger';

const tones: Record<BadgeTone, string> = {
  neutral: 'border-line bg-sunken text-ink-soft',
  progress: 'border-sand/50 bg-warning-soft text-warning',
  done: 'border-sage/40 bg-sage-soft text-sage',
  danger: 'border-danger-line bg-danger-soft text-danger',
};

const mentorTones: Record<MentorInterestStatus, BadgeTone> = {
  pending: 'neutral',
  'interview started': 'progress',
  submitted: 'done',
  rejected: 'danger',
};

const answerTones: Record<MentorResponseStatus, BadgeTone> = {
  asked: 'neutral',
  draft: 'neutral',
  transcribing: 'progress',
  transcribed: 'progress',
  transcription_failed: 'danger',
  submitted: 'done',
  rejected: 'danger',
};

/** A status pill in one of four tones; the tables name each status in words, never by colour alone. */
export function Badge({ tone, label }: { tone: BadgeTone; label: string }) {
  return <span className={clsx('inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-medium whitespace-nowrap', tones[tone])}>{label}</span>;
}

export function MentorStatusBadge({ status }: { status: MentorInterestStatus }) {
  const { t } = useTranslation();
  return <Badge tone={mentorTones[status]} label={t(`admin.mentorStatus.${status}`)} />;
}

export function AnswerStatusBadge({ status }: { status: MentorResponseStatus }) {
  const { t } = useTranslation();
  return <Badge tone={answerTones[status]} label={t(`admin.answerStatus.${status}`)} />;
}
