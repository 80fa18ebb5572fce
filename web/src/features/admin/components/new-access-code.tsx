import type { AccessCode } from '@meld/shared';
import { useTranslation } from '@/lib/use-translation.ts';
import { useCopy } from '@/components/messages/use-copy.ts';
import { Button } from '@/components/ui/button.tsx';
import { showToast } from '@/lib/toast.ts';

/** Copy feedback of spec 002 section 9. */
const COPIED_MS = 3000;

/** The code just created, large enough to read out, with a copy button: the admin's next step is sharing it. */
export function NewAccessCode({ code, onDismiss }: { code: AccessCode; onDismiss: () => void }) {
  const { t } = useTranslation();
  const { copied, copy } = useCopy(COPIED_MS);

  const copyCode = async () => {
    if (!(await copy(code.code))) showToast({ message: t('adminSignups.accessCodes.created.copyFailed'), severity: 'warning' });
  };

  return (
    <section role="status" aria-label={t('adminSignups.accessCodes.created.title')} className="rounded-2xl border border-sage/40 bg-sage-soft px-5 py-4 sm:px-6">
      <p className="text-sm font-medium text-sage">{t('adminSignups.accessCodes.created.title')}</p>
      <div className="mt-2 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="font-mono text-2xl font-semibold tracking-[0.08em] break-all text-ink select-all">{code.code}</p>
        <div className="flex gap-2">
          <Button size="sm" onClick={() => void copyCode()} aria-live="polite">
            {copied ? t('adminSignups.accessCodes.created.copied') : t('adminSignups.accessCodes.created.copy')}
          </Button>
          <Button size="sm" variant="ghost" onClick={onDismiss}>
            {t('adminSignups.accessCodes.created.dismiss')}
          </Button>
        </div>
      </div>
      <p className="mt-2 text-sm text-ink-soft">{t('adminSignups.accessCodes.created.body')}</p>
    </section>
  );
}
