import { INTERVIEW_OPEN_STATUSES, type MentorInterestAdmin } from '@meld/shared';
import { useTranslation } from '@/lib/use-translation.ts';
import { Button } from '@/components/ui/button.tsx';
import { MentorStatusBadge } from './status-badge.tsx';

const isOpen = (status: MentorInterestAdmin['status']) => (INTERVIEW_OPEN_STATUSES as readonly string[]).includes(status);

interface TokenCellProps {
  mentor: MentorInterestAdmin;
  pending: boolean;
  onGenerate: () => void;
  onReplace: () => void;
}

/**
 * Spec 002: no token yet offers one; a token shows its first 8 characters and, while the
 * interview can still be taken, a new link; a submitted or rejected interview shows its status.
 */
export function TokenCell({ mentor, pending, onGenerate, onReplace }: TokenCellProps) {
  const { t } = useTranslation();
  if (!isOpen(mentor.status)) return <MentorStatusBadge status={mentor.status} />;
  if (!mentor.accessTokenPrefix) {
    return (
      <Button size="sm" variant="secondary" loading={pending} onClick={onGenerate}>
        {t('admin.mentors.generate')}
      </Button>
    );
  }
  return (
    <div className="flex items-center gap-2">
      <code className="rounded-md bg-sunken px-2 py-1 font-mono text-xs text-ink-soft" title={t('admin.mentors.prefixLabel', { prefix: mentor.accessTokenPrefix })}>
        {mentor.accessTokenPrefix}…
      </code>
      <Button size="sm" variant="ghost" loading={pending} onClick={onReplace}>
        {t('admin.mentors.newLink')}
      </Button>
    </div>
  );
}
