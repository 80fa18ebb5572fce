import type { TermsResponse } from '@meld/shared';
import { useTranslation } from '@/lib/use-translation.ts';
import { MarkdownText } from '@/components/messages/markdown.tsx';
import { MessageDisplaySettingsProvider } from '@/components/messages/display-settings.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { showToast } from '@/lib/toast.ts';
import { useAcceptTerms, useLogout } from '../api/shell-queries.ts';

// Terms are prose: a "$20" must never start a formula.
const PLAIN = { latex: false };
const keepOpen = () => {};

interface TermsDialogProps {
  terms: TermsResponse;
  appTitle: string;
}

/** Accept records the acceptance (the dialog closes with the cached flag); Decline signs out. */
export default function TermsDialog({ terms, appTitle }: TermsDialogProps) {
  const { t } = useTranslation();
  const accept = useAcceptTerms();
  const logout = useLogout();
  const busy = accept.isPending || logout.isPending;

  const onAccept = () => accept.mutate(undefined, { onError: () => showToast({ message: t('terms.acceptFailed'), severity: 'error' }) });
  const onDecline = () => logout.mutate({ to: '/login?redirect=false' });

  return (
    <Modal open onOpenChange={keepOpen} dismissible={false} size="lg" title={terms.title ?? t('terms.title')} description={t('terms.intro', { appTitle })}>
      <div className="min-h-0 flex-1 overflow-y-auto border-y border-line bg-canvas/60 px-6 py-5 text-[0.95rem] text-ink" tabIndex={0} aria-label={terms.title ?? t('terms.title')}>
        <MessageDisplaySettingsProvider value={PLAIN}>
          <MarkdownText text={terms.text} />
        </MessageDisplaySettingsProvider>
      </div>
      <div className="flex flex-col-reverse gap-2 px-6 pt-4 pb-6 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDecline} loading={logout.isPending} disabled={busy}>
          {t('terms.decline')}
        </Button>
        <Button onClick={onAccept} loading={accept.isPending} disabled={busy}>
          {t('terms.accept')}
        </Button>
      </div>
    </Modal>
  );
}
