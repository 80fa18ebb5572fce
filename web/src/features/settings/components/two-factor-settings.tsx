import { useState } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { Button } from '@/components/ui/button.tsx';
import { isApiError } from '@/lib/api-error.ts';
import { showToast } from '@/lib/toast.ts';
import { setTwoFactorFlag, useDisableTwoFactor, useRegenerateBackupCodes } from '../api/two-factor-queries.ts';
import { SettingRow } from './setting-row.tsx';
import { TwoFactorBackupCodes } from './two-factor-backup-codes.tsx';
import { TwoFactorCodeDialog } from './two-factor-code-dialog.tsx';
import { TwoFactorSetupDialog } from './two-factor-setup-dialog.tsx';

const invalidCode = (error: unknown) => isApiError(error) && error.status === 400;

function TurnOff() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const disable = useDisableTwoFactor();
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
        {t('twoFactor.settings.turnOff')}
      </Button>
      <TwoFactorCodeDialog
        open={open}
        onOpenChange={setOpen}
        title={t('twoFactor.disable.title')}
        description={t('twoFactor.disable.description')}
        confirmLabel={t('twoFactor.disable.confirm')}
        danger
        pending={disable.isPending}
        onSubmit={(code, clear) =>
          disable.mutate(code, {
            onSuccess: () => {
              setOpen(false);
              setTwoFactorFlag(false);
              showToast({ message: t('twoFactor.toasts.disabled'), severity: 'success' });
            },
            onError: (error) => {
              clear();
              showToast({ message: invalidCode(error) ? t('twoFactor.toasts.invalidCode') : t('twoFactor.toasts.disableError'), severity: 'error' });
            },
          })
        }
      />
    </>
  );
}

function RegenerateCodes() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const regenerate = useRegenerateBackupCodes();
  const codes = regenerate.data?.backupCodes;
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => {
          regenerate.reset();
          setOpen(true);
        }}
      >
        {t('twoFactor.settings.regenerate')}
      </Button>
      <TwoFactorCodeDialog
        open={open}
        onOpenChange={setOpen}
        title={t('twoFactor.regenerate.title')}
        description={codes ? t('twoFactor.regenerate.intro') : t('twoFactor.regenerate.description')}
        confirmLabel={t('twoFactor.regenerate.confirm')}
        pending={regenerate.isPending}
        onSubmit={(code, clear) =>
          regenerate.mutate(code, {
            onSuccess: () => showToast({ message: t('twoFactor.toasts.regenerated'), severity: 'success' }),
            onError: (error) => {
              clear();
              showToast({ message: invalidCode(error) ? t('twoFactor.toasts.invalidCode') : t('twoFactor.toasts.regenerateError'), severity: 'error' });
            },
          })
        }
        result={
          codes ? (
            <div className="flex flex-col gap-5 px-6 pt-4 pb-6">
              <TwoFactorBackupCodes codes={codes} />
              <Button block onClick={() => setOpen(false)}>
                {t('twoFactor.regenerate.close')}
              </Button>
            </div>
          ) : undefined
        }
      />
    </>
  );
}

/** Account tab: two-factor on or off, and new backup codes while it is on (local accounts only). */
export function TwoFactorSettings({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  const [setupOpen, setSetupOpen] = useState(false);
  return (
    <>
      <SettingRow
        label={
          <span className="flex items-center gap-2">
            {t('twoFactor.settings.label')}
            {enabled ? <span className="rounded-full bg-sage-soft px-2 py-0.5 text-xs font-semibold text-sage">{t('twoFactor.settings.enabled')}</span> : null}
          </span>
        }
        hint={enabled ? t('twoFactor.settings.hintOn') : t('twoFactor.settings.hintOff')}
      >
        {enabled ? (
          <TurnOff />
        ) : (
          <Button size="sm" onClick={() => setSetupOpen(true)}>
            {t('twoFactor.settings.setUp')}
          </Button>
        )}
      </SettingRow>
      {enabled ? (
        <SettingRow label={t('twoFactor.settings.backupLabel')} hint={t('twoFactor.settings.backupHint')}>
          <RegenerateCodes />
        </SettingRow>
      ) : null}
      <TwoFactorSetupDialog open={setupOpen} onOpenChange={setSetupOpen} />
    </>
  );
}
