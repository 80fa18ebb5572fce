import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { Button } from '@/components/ui/button.tsx';
import { Modal } from '@/components/ui/modal.tsx';

/** Tailwind's important marker wins over the primary variant's ember colours. */
export const DANGER_BUTTON = 'bg-danger! text-accent-contrast! hover:opacity-90';

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  body: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  pending?: boolean;
  /** Danger for what deletes or revokes; primary for a one-way step that removes nothing. */
  tone?: 'danger' | 'primary';
}

/** The delete confirmation of spec 000 section 2: nothing irreversible happens without it. */
export function ConfirmDialog({ open, onOpenChange, title, body, confirmLabel, onConfirm, pending = false, tone = 'danger' }: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={title} description={body}>
      <div className="flex flex-col-reverse gap-2 px-6 pt-4 pb-6 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={pending}>
          {t('actions.cancel')}
        </Button>
        <Button className={tone === 'danger' ? DANGER_BUTTON : undefined} onClick={onConfirm} loading={pending}>
          {confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}
