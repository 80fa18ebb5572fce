import { useTranslation } from '@/lib/use-translation.ts';
import { useCopy } from '@/components/messages/use-copy.ts';
import { Button } from '@/components/ui/button.tsx';
import { downloadFile } from '@/lib/download.ts';
import { showToast } from '@/lib/toast.ts';

/** The spec's name for the downloaded list (spec 000 section 9). */
export const BACKUP_CODES_FILE = 'backup-codes.txt';

/** Backup codes shown once: a grid to read, a copy button and a download as backup-codes.txt. */
export function TwoFactorBackupCodes({ codes }: { codes: readonly string[] }) {
  const { t } = useTranslation();
  const { copied, copy } = useCopy(2000);
  const text = codes.join('\n');
  return (
    <div className="flex flex-col gap-4">
      <ol aria-label={t('twoFactor.settings.backupLabel')} className="grid grid-cols-2 gap-2 rounded-2xl border border-line bg-sunken p-4">
        {codes.map((code) => (
          <li key={code} className="rounded-lg bg-surface px-3 py-2 text-center font-mono text-base tracking-[0.2em] text-ink shadow-soft">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap justify-center gap-2">
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            void copy(text).then((ok) => {
              if (!ok) showToast({ message: t('twoFactor.toasts.copyFailed'), severity: 'error' });
            });
          }}
        >
          {copied ? t('twoFactor.setup.copied') : t('twoFactor.setup.copyCodes')}
        </Button>
        <Button variant="secondary" size="sm" onClick={() => downloadFile(BACKUP_CODES_FILE, `${text}\n`, 'text/plain')}>
          {t('twoFactor.setup.download')}
        </Button>
      </div>
    </div>
  );
}
