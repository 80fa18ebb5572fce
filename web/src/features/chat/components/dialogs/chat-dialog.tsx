import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseButton } from '@/components/ui/close-button.tsx';

interface ChatDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  children: ReactNode;
}

/** A Radix dialog in the paper style: a sheet from the bottom on phones, a centred card on wider screens. */
export function ChatDialog({ open, onOpenChange, title, description, children }: ChatDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 animate-fade-in bg-ink/35 backdrop-blur-[2px]" />
        <Dialog.Content className="fixed inset-x-0 bottom-0 z-50 max-h-[92dvh] animate-slide-up overflow-y-auto rounded-t-3xl border border-line bg-surface px-6 pt-6 pb-6 shadow-lift outline-none sm:inset-x-auto sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:w-[calc(100vw-3rem)] sm:max-w-md sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-3xl">
          <div className="flex items-start gap-4">
            <div className="min-w-0 flex-1">
              <Dialog.Title className="font-serif text-2xl font-semibold text-ink">{title}</Dialog.Title>
              <Dialog.Description className="mt-1.5 text-sm leading-relaxed text-ink-soft">{description}</Dialog.Description>
            </div>
            <CloseButton label={t('actions.close')} onClick={() => onOpenChange(false)} className="-mt-1 -mr-2 size-9 hover:bg-sunken" />
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
