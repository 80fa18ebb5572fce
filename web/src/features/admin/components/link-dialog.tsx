import { useTranslation } from '@/lib/use-translation.ts';
import { useCopy } from '@/components/messages/use-copy.ts';
import { Button, buttonClasses } from '@/components/ui/button.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { showToast } from '@/lib/toast.ts';

/** Link copy feedback of spec 000: 2 s. */
const COPIED_MS = 2000;

/** The server's link is a path; the admin sends the mentor an address they can open anywhere. */
export function absoluteLink(link: string, origin = window.location.origin): string {
  return /^https?:\/\//.test(link) ? link : new URL(link, origin).href;
}

interface LinkDialogProps {
  /** The generated link and whom it is for; null when closed. The dialog is its only copy. */
  generated: { name: string; link: string } | null;
  onClose: () => void;
}

/** Shows a new interview link once: the server keeps only its hash. */
export function LinkDialog({ generated, onClose }: LinkDialogProps) {
  const { t } = useTranslation();
  const { copied, copy } = useCopy(COPIED_MS);
  const url = generated ? absoluteLink(generated.link) : '';

  const copyLink = async () => {
    if (!(await copy(url))) showToast({ message: t('admin.linkDialog.copyFailed'), severity: 'warning' });
  };

  return (
    <Modal
      open={generated !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t('admin.linkDialog.title')}
      description={generated ? t('admin.linkDialog.description', { name: generated.name }) : undefined}
      size="lg"
    >
      <div className="space-y-4 px-6 pt-2 pb-6">
        <label className="block">
          <span className="text-sm font-medium text-ink">{t('admin.linkDialog.label')}</span>
          {/* A wrapping box, not a one-line input: the whole link is visible before it is sent. */}
          <textarea
            readOnly
            rows={3}
            value={url}
            onFocus={(event) => event.currentTarget.select()}
            className="mt-1.5 block w-full resize-none rounded-xl border border-line-strong bg-sunken px-4 py-3 font-mono text-sm break-all text-ink outline-none focus:border-accent focus:ring-4 focus:ring-accent/15"
          />
        </label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button onClick={() => void copyLink()} aria-live="polite">
            {copied ? t('admin.linkDialog.copied') : t('admin.linkDialog.copy')}
          </Button>
          <a href={url} target="_blank" rel="noopener noreferrer" className={buttonClasses('secondary')}>
            {t('admin.linkDialog.open')}
          </a>
        </div>
        <p className="rounded-xl border border-sand/50 bg-warning-soft px-4 py-3 text-sm text-warning">{t('admin.linkDialog.once')}</p>
        <div className="flex justify-end">
          <Button variant="ghost" onClick={onClose}>
            {t('admin.linkDialog.done')}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
