import * as Dialog from '@radix-ui/react-dialog';
import clsx from 'clsx';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { CloseButton } from '@/components/ui/close-button.tsx';

export type ModalSize = 'sm' | 'lg' | 'xl';

const widths: Record<ModalSize, string> = {
  sm: 'sm:max-w-md',
  lg: 'sm:max-w-3xl',
  xl: 'sm:max-w-4xl',
};

interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  /** Hide the description visually when the content already says it. */
  hideDescription?: boolean;
  size?: ModalSize;
  className?: string;
  /** False for a choice the user must make (the terms): no close button, Escape or outside click. */
  dismissible?: boolean;
  children: ReactNode;
}

/**
 * A Radix dialog in the app's paper style: focus trap, Escape and outside click to close, and
 * nesting (a confirmation over a table over the settings dialog) handled by Radix. Phones get a
 * sheet from the bottom edge; wider screens a centred card.
 */
export function Modal({ open, onOpenChange, title, description, hideDescription, size = 'sm', className, dismissible = true, children }: ModalProps) {
  const { t } = useTranslation();
  // A closed Radix dialog still costs its providers, ids and state on every render: in lists (a
  // delete dialog per sidebar row, an image preview per message) that was tens of ms of a page's
  // first render at 4x CPU (issue 25). It is built the first time it opens and then kept.
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  if (!opened) return null;
  // Radix warns about a missing description unless told explicitly that there is none.
  const noDescription = description ? {} : { 'aria-describedby': undefined };
  const stay = (event: Event) => event.preventDefault();
  const undismissible = dismissible ? {} : { onEscapeKeyDown: stay, onInteractOutside: stay };
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 animate-fade-in bg-ink/35 backdrop-blur-[2px] dark:bg-black/50" />
        <Dialog.Content
          className={clsx(
            'fixed inset-x-0 bottom-0 z-50 flex max-h-[92dvh] animate-slide-up flex-col rounded-t-3xl border border-line bg-surface shadow-lift outline-none',
            'sm:inset-x-auto sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:max-h-[85dvh] sm:w-[calc(100vw-3rem)] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-3xl',
            widths[size],
            className,
          )}
          {...noDescription}
          {...undismissible}
        >
          <div className="flex items-start gap-4 px-6 pt-6 pb-2">
            <div className="min-w-0 flex-1">
              <Dialog.Title className="font-serif text-2xl font-semibold text-ink">{title}</Dialog.Title>
              {description ? (
                <Dialog.Description className={clsx(hideDescription ? 'sr-only' : 'mt-1 text-sm text-ink-soft')}>{description}</Dialog.Description>
              ) : null}
            </div>
            {dismissible ? <CloseButton label={t('actions.close')} onClick={() => onOpenChange(false)} className="-mt-1 -mr-2 size-9 hover:bg-sunken" /> : null}
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
