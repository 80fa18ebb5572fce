import { useTranslation } from '@/lib/use-translation.ts';
import { Button } from '@/components/ui/button.tsx';
import { Modal } from '@/components/ui/modal.tsx';

interface Props {
  open: boolean;
  onClose: () => void;
  /** Offered when the card can switch to writing. */
  onWrite?: () => void;
}

/** The microphone was refused: how to allow it, or where else to go (spec 001 section 8). */
export function MicDeniedDialog({ open, onClose, onWrite }: Props) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onOpenChange={(next) => !next && onClose()} title={t('mentorInterview.mic.title')} description={t('mentorInterview.mic.body')}>
      <div className="px-6 pb-6">
        <ol className="mt-2 list-decimal space-y-2 pl-5 text-ink">
          <li>{t('mentorInterview.mic.step1')}</li>
          <li>{t('mentorInterview.mic.step2')}</li>
          <li>{t('mentorInterview.mic.step3')}</li>
        </ol>
        {onWrite ? <p className="mt-4 text-sm text-ink-soft">{t('mentorInterview.mic.orWrite')}</p> : null}
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          {onWrite ? (
            <Button variant="secondary" onClick={onWrite}>
              {t('mentorInterview.mic.writeInstead')}
            </Button>
          ) : null}
          <Button onClick={onClose}>{t('mentorInterview.mic.close')}</Button>
        </div>
      </div>
    </Modal>
  );
}
