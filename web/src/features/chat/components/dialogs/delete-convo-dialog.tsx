import type { Conversation } from '@meld/shared';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { useDeleteConvo } from '../../api/convo-mutations.ts';

interface DeleteConvoDialogProps {
  conversation: Pick<Conversation, 'conversationId' | 'title'>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Deleting is permanent, so it always asks first (spec 000 "Other dialogs"). */
export function DeleteConvoDialog({ conversation, open, onOpenChange }: DeleteConvoDialogProps) {
  const { t } = useTranslation();
  const remove = useDeleteConvo();
  const title = conversation.title || t('chat.untitled');
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t('chat.deleteDialog.title')} description={t('chat.deleteDialog.body', { title })}>
      <div className="flex flex-col-reverse gap-2 px-6 pt-4 pb-6 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={remove.isPending}>
          {t('chat.cancel')}
        </Button>
        <Button
          className="bg-danger! text-accent-contrast! hover:opacity-90"
          loading={remove.isPending}
          onClick={() => remove.mutate(conversation, { onSettled: () => onOpenChange(false) })}
        >
          {t('chat.deleteDialog.confirm')}
        </Button>
      </div>
    </Modal>
  );
}
