import { useState } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { Button } from '@/components/ui/button.tsx';
import { useDeleteAllConversations } from '../api/settings-queries.ts';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { SettingRow } from './setting-row.tsx';

/** Data tab: delete every conversation after a confirmation, then start a new chat. */
export function ClearChats() {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const deleteAll = useDeleteAllConversations();

  return (
    <SettingRow label={t('settings.data.clear.label')} hint={t('settings.data.clear.hint')}>
      <Button variant="secondary" size="sm" className="border-danger-line! text-danger! hover:bg-danger-soft!" onClick={() => setConfirming(true)}>
        {t('settings.data.clear.button')}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('settings.data.clear.confirmTitle')}
        body={t('settings.data.clear.confirmBody')}
        confirmLabel={t('settings.data.clear.confirm')}
        pending={deleteAll.isPending}
        onConfirm={() => deleteAll.mutate(undefined, { onSettled: () => setConfirming(false) })}
      />
    </SettingRow>
  );
}
