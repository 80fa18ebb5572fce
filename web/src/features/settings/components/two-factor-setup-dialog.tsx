import clsx from 'clsx';
import { useState } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { useCopy } from '@/components/messages/use-copy.ts';
import { CodeEntry, useCodeEntry } from '@/components/two-factor/code-entry.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { isApiError } from '@/lib/api-error.ts';
import { showToast } from '@/lib/toast.ts';
import type { EnableTwoFactorResponse } from '@meld/shared';
import { setTwoFactorFlag, useDisableTwoFactor, useEnableTwoFactor, useVerifyTwoFactor } from '../api/two-factor-queries.ts';
import { TwoFactorBackupCodes } from './two-factor-backup-codes.tsx';
import { TwoFactorQr } from './two-factor-qr.tsx';

const STEPS = ['setup', 'qr', 'verify', 'backup'] as const;
type Step = (typeof STEPS)[number];

/** The secret as the app asks for it when typed: base32 in groups of four. */
export function secretFromUrl(otpauthUrl: string): string {
  const secret = new URL(otpauthUrl).searchParams.get('secret') ?? '';
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

function StepList({ current }: { current: Step }) {
  const { t } = useTranslation();
  const index = STEPS.indexOf(current);
  return (
    <ol aria-label={t('twoFactor.setup.stepsLabel')} className="flex items-center gap-2 px-6 pt-2 pb-4 text-xs font-medium">
      {STEPS.map((step, position) => (
        <li key={step} aria-current={step === current ? 'step' : undefined} className="flex min-w-0 flex-1 flex-col gap-1.5">
          <span className={clsx('h-1 rounded-full', position <= index ? 'bg-accent' : 'bg-line')} />
          <span className={clsx('truncate', step === current ? 'text-ink' : 'text-ink-faint')}>{t(`twoFactor.setup.steps.${step}`)}</span>
        </li>
      ))}
    </ol>
  );
}

/**
 * Setup, Scan QR, Verify, Backup (spec 000 section 4). Two-factor turns on at Verify; closing the
 * dialog before the backup codes are confirmed rolls it back with one of the new backup codes, so
 * an abandoned setup never leaves a secret (pending or on) that the user has not saved.
 */
function SetupSteps({ onFinished }: { onFinished: (complete: boolean, setup: EnableTwoFactorResponse | null) => void }) {
  const { t } = useTranslation();
  const [step, setStep] = useState<Step>('setup');
  const [setup, setSetup] = useState<EnableTwoFactorResponse | null>(null);
  const enable = useEnableTwoFactor();
  const verify = useVerifyTwoFactor();
  const entry = useCodeEntry();
  const { copied, copy } = useCopy(2000);

  return (
    <>
      <StepList current={step} />
      <div className="flex flex-col gap-5 overflow-y-auto px-6 pb-6">
        {step === 'setup' ? (
          <>
            <p className="text-ink-soft">{t('twoFactor.setup.intro')}</p>
            <Button
              block
              loading={enable.isPending}
              onClick={() =>
                enable.mutate(undefined, {
                  onSuccess: (data) => {
                    setSetup(data);
                    onFinished(false, data);
                    setStep('qr');
                  },
                  onError: () => showToast({ message: t('twoFactor.toasts.generateError'), severity: 'error' }),
                })
              }
            >
              {t('twoFactor.setup.generate')}
            </Button>
          </>
        ) : null}

        {step === 'qr' && setup ? (
          <>
            <p className="text-center text-ink-soft">{t('twoFactor.setup.scanIntro')}</p>
            <div className="flex justify-center">
              <TwoFactorQr otpauthUrl={setup.otpauthUrl} />
            </div>
            <div className="flex flex-col items-center gap-2 text-center">
              <p className="text-sm text-ink-faint">{t('twoFactor.setup.manualIntro')}</p>
              <code data-testid="two-factor-secret" className="rounded-xl bg-sunken px-4 py-2 font-mono text-sm tracking-wider text-balance text-ink">
                {secretFromUrl(setup.otpauthUrl)}
              </code>
              <Button variant="quiet" size="sm" onClick={() => void copy(secretFromUrl(setup.otpauthUrl).replace(/ /g, ''))}>
                {copied ? t('twoFactor.setup.copied') : t('twoFactor.setup.copySecret')}
              </Button>
            </div>
            <Button block onClick={() => setStep('verify')}>
              {t('twoFactor.setup.next')}
            </Button>
          </>
        ) : null}

        {step === 'verify' ? (
          <form
            noValidate
            className="flex flex-col gap-5"
            onSubmit={(event) => {
              event.preventDefault();
              if (!entry.complete || verify.isPending) return;
              verify.mutate(entry.complete, {
                onSuccess: () => {
                  showToast({ message: t('twoFactor.toasts.verified'), severity: 'success' });
                  setStep('backup');
                },
                onError: (error) => {
                  entry.clear();
                  const invalid = isApiError(error) && error.status === 400;
                  showToast({ message: invalid ? t('twoFactor.toasts.invalidCode') : t('twoFactor.toasts.generateError'), severity: 'error' });
                },
              });
            }}
          >
            <p className="text-center text-ink-soft">{t('twoFactor.setup.verifyIntro')}</p>
            <CodeEntry entry={entry} allowBackup={false} disabled={verify.isPending} autoFocus />
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
              <Button variant="ghost" onClick={() => setStep('qr')} disabled={verify.isPending}>
                {t('actions.back')}
              </Button>
              <Button type="submit" disabled={!entry.complete} loading={verify.isPending}>
                {t('twoFactor.setup.verify')}
              </Button>
            </div>
          </form>
        ) : null}

        {step === 'backup' && setup ? (
          <>
            <p className="text-ink-soft">{t('twoFactor.setup.backupIntro')}</p>
            <TwoFactorBackupCodes codes={setup.backupCodes} />
            <Button
              block
              onClick={() => {
                setTwoFactorFlag(true);
                showToast({ message: t('twoFactor.toasts.enabled'), severity: 'success' });
                onFinished(true, setup);
              }}
            >
              {t('twoFactor.setup.done')}
            </Button>
          </>
        ) : null}
      </div>
    </>
  );
}

export function TwoFactorSetupDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const disable = useDisableTwoFactor();
  // The setup in progress (a secret exists on the server) and whether the user finished it.
  const [pending, setPending] = useState<{ setup: EnableTwoFactorResponse | null; complete: boolean }>({ setup: null, complete: false });

  const close = () => {
    const { setup, complete } = pending;
    if (setup && !complete) {
      // Any one of the new backup codes proves the setup is the user's own; all are cleared with it.
      disable.mutate({ backupCode: setup.backupCodes[0]! }, { onSettled: () => setTwoFactorFlag(false) });
    }
    setPending({ setup: null, complete: false });
    onOpenChange(false);
  };

  return (
    <Modal open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())} title={t('twoFactor.setup.title')} description={t('twoFactor.setup.description')} hideDescription>
      {open ? (
        <SetupSteps
          onFinished={(complete, setup) => {
            setPending({ setup: complete ? null : setup, complete });
            if (complete) onOpenChange(false);
          }}
        />
      ) : null}
    </Modal>
  );
}
