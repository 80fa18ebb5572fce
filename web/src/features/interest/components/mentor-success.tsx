import { useTranslation } from '@/lib/use-translation.ts';
import { useCopy } from '@/components/messages/use-copy.ts';
import { Button } from '@/components/ui/button.tsx';
import { SuccessPanel } from './success-panel.tsx';

/** Spec 001 section 9: the copy-link confirmation lasts two seconds. */
const COPIED_MS = 2000;

/**
 * The mentor's thank-you. The link copied is this page's own address: a mentor passes it on to
 * other people who might mentor, which is who the page is for.
 */
export function MentorSuccess({ email }: { email: string }) {
  const { t } = useTranslation();
  const { copied, copy } = useCopy(COPIED_MS);
  const link = `${window.location.origin}/mentors/signup`;

  return (
    <SuccessPanel id="mentor-success-title" title={t('interest.mentor.success.title')} body={t('interest.mentor.success.body', { email })}>
      <div className="mt-8 w-full rounded-2xl border border-line bg-sunken/50 px-5 py-5">
        <p className="font-medium text-ink">{t('interest.mentor.success.shareTitle')}</p>
        <p className="mt-1 text-sm text-ink-soft">{t('interest.mentor.success.shareBody')}</p>
        <div className="mt-4 flex flex-col items-stretch gap-2 sm:flex-row sm:items-center">
          <code className="min-w-0 flex-1 truncate rounded-lg border border-line bg-surface px-3 py-2.5 text-left text-sm text-ink-soft">{link}</code>
          <Button variant="secondary" onClick={() => void copy(link)} aria-live="polite">
            {copied ? t('interest.mentor.success.copied') : t('interest.mentor.success.copyLink')}
          </Button>
        </div>
      </div>
    </SuccessPanel>
  );
}
