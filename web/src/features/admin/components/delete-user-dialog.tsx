import type { AdminUser } from '@meld/shared';
import { useTranslation } from '@/lib/use-translation.ts';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { useDeleteUser } from '../api/users-queries.ts';

interface DeleteUserDialogProps {
  user: AdminUser | null;
  onClose: () => void;
}

/** Names the user and says that everything they own goes with them: the server deletes it all. */
export function DeleteUserDialog({ user, onClose }: DeleteUserDialogProps) {
  const { t } = useTranslation();
  const remove = useDeleteUser();
  return (
    <ConfirmDialog
      open={user !== null}
      onOpenChange={(open) => !open && !remove.isPending && onClose()}
      title={t('adminUsers.deleteDialog.title')}
      body={user ? t('adminUsers.deleteDialog.body', { name: user.name || user.username, email: user.email }) : ''}
      confirmLabel={t('adminUsers.deleteDialog.confirm')}
      pending={remove.isPending}
      onConfirm={() => user && remove.mutate(user, { onSettled: onClose })}
    />
  );
}
