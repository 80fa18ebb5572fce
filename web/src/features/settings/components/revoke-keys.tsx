import { useState } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { Button } from '@/components/ui/button.tsx';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { useRevokeAllKeys } from '../api/settings-queries.ts';
import { SettingRow } from './setting-row.tsx';

/** Data tab: revoke every provider key after a confirmation. */
export function RevokeKeys() {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const revoke = useRevokeAllKeys();
  return (
    <SettingRow label={t('settings.data.revokeKeys.label')} hint={t('settings.data.revokeKeys.hint')}>
      <Button variant="secondary" size="sm" className="border-danger-line! text-danger! hover:bg-danger-soft!" onClick={() => setConfirming(true)}>
        {t('settings.data.revokeKeys.button')}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('settings.data.revokeKeys.confirmTitle')}
        body={t('settings.data.revokeKeys.confirmBody')}
        confirmLabel={t('settings.data.revokeKeys.confirm')}
        pending={revoke.isPending}
        onConfirm={() => revoke.mutate(undefined, { onSettled: () => setConfirming(false) })}
      />
    </SettingRow>
  );
}
