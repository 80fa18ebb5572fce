import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { CodeEntry, useCodeEntry, type TwoFactorCode } from '@/components/two-factor/code-entry.tsx';
import { Button } from '@/components/ui/button.tsx';
import { DANGER_BUTTON } from '@/components/ui/confirm-dialog.tsx';
import { Modal } from '@/components/ui/modal.tsx';

interface TwoFactorCodeDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  danger?: boolean;
  pending: boolean;
  onSubmit: (code: TwoFactorCode, clear: () => void) => void;
  /** Shown instead of the form once the action has something to show (new backup codes). */
  result?: ReactNode;
}

/** Asks for a code from the app or one backup code before a two-factor change (turn off, new codes). */
export function TwoFactorCodeDialog({ open, onOpenChange, title, description, confirmLabel, danger, pending, onSubmit, result }: TwoFactorCodeDialogProps) {
  return (
    <Modal open={open} onOpenChange={(next) => !pending && onOpenChange(next)} title={title} description={description}>
      {open ? result ?? <CodeForm confirmLabel={confirmLabel} danger={danger} pending={pending} onSubmit={onSubmit} onCancel={() => onOpenChange(false)} /> : null}
    </Modal>
  );
}

function CodeForm({ confirmLabel, danger, pending, onSubmit, onCancel }: Pick<TwoFactorCodeDialogProps, 'confirmLabel' | 'danger' | 'pending' | 'onSubmit'> & { onCancel: () => void }) {
  const { t } = useTranslation();
  const entry = useCodeEntry();
  return (
    <form
      noValidate
      className="flex flex-col gap-6 px-6 pt-4 pb-6"
      onSubmit={(event) => {
        event.preventDefault();
        // Spec 000 section 5: nothing is sent until the code is complete.
        if (entry.complete && !pending) onSubmit(entry.complete, entry.clear);
      }}
    >
      <CodeEntry entry={entry} disabled={pending} autoFocus />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={pending}>
          {t('actions.cancel')}
        </Button>
        <Button type="submit" className={danger ? DANGER_BUTTON : undefined} disabled={!entry.complete} loading={pending}>
          {confirmLabel}
        </Button>
      </div>
    </form>
  );
}
