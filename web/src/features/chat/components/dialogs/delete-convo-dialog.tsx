import type { Conversation } from '@meld/shared';
import { useTranslation } from '@/lib/use-translation.ts';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
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
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('chat.deleteDialog.title')}
      body={t('chat.deleteDialog.body', { title })}
      confirmLabel={t('chat.deleteDialog.confirm')}
      pending={remove.isPending}
      onConfirm={() => remove.mutate(conversation, { onSettled: () => onOpenChange(false) })}
    />
  );
}
