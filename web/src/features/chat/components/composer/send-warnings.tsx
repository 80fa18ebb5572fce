import { useState, type ReactNode } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { Alert } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import type { DraftRefusal } from '../../hooks/use-draft.ts';
import { KEY_ERRORS } from '../../lib/user-keys.ts';
import { SetKeyDialog } from '../keys/set-key-dialog.tsx';
import { refusalText } from './attachments-state.ts';
import type { SendWarning } from './send-checks.ts';

const NOTICE = 'mx-3 mt-3 px-3 py-2';

/** "Set API key" beside a warning or a refusal: the same dialog as the toolbar's key button. */
function SetKeyAction({ endpoint, label }: { endpoint: string; label: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" variant="secondary" onClick={() => setOpen(true)}>
        {t('sendChecks.setKey', { endpoint: label })}
      </Button>
      <SetKeyDialog open={open} onOpenChange={setOpen} endpoint={endpoint} label={label} />
    </>
  );
}

function Actions({ children }: { children: ReactNode }) {
  return <div className="mt-2 flex flex-wrap gap-2">{children}</div>;
}

interface SendWarningsProps {
  id: string;
  warnings: readonly SendWarning[];
  model: string;
  onRemove: (ids: string[]) => void;
  onChooseModel: (model: string) => void;
}

/**
 * What would make the server refuse the send, each with what to do about it. Send stays off
 * while any is shown (the button names this list as its reason).
 */
export function SendWarnings({ id, warnings, model, onRemove, onChooseModel }: SendWarningsProps) {
  const { t } = useTranslation();
  if (!warnings.length) return null;
  return (
    <ul id={id} aria-label={t('sendChecks.warnings')} className="flex flex-col">
      {warnings.map((warning) => {
        switch (warning.kind) {
          case 'key':
            return (
              <li key="key">
                <Alert tone="warning" className={NOTICE}>
                  {t('sendChecks.key', { endpoint: warning.label })}
                  <Actions>
                    <SetKeyAction endpoint={warning.endpoint} label={warning.label} />
                  </Actions>
                </Alert>
              </li>
            );
          case 'vision':
            return (
              <li key="vision">
                <Alert tone="warning" className={NOTICE}>
                  {t('sendChecks.vision', { model, count: warning.images.length })}
                  <Actions>
                    {warning.visionModel ? (
                      <Button size="sm" variant="secondary" onClick={() => onChooseModel(warning.visionModel as string)}>
                        {t('sendChecks.visionSwitch', { model: warning.visionModel })}
                      </Button>
                    ) : null}
                    <Button size="sm" variant="ghost" onClick={() => onRemove(warning.images.map((item) => item.id))}>
                      {t('sendChecks.removeImages', { count: warning.images.length })}
                    </Button>
                  </Actions>
                </Alert>
              </li>
            );
          case 'file': {
            const [first] = warning.items;
            const disabled = warning.refusal.key === 'disabled';
            const reason = refusalText(t, warning.refusal);
            return (
              <li key={`file-${warning.items.map((item) => item.id).join()}`}>
                <Alert tone="warning" className={NOTICE}>
                  {disabled ? t('sendChecks.filesDisabled') : t('sendChecks.file', { reason })}
                  <Actions>
                    <Button size="sm" variant="ghost" onClick={() => onRemove(warning.items.map((item) => item.id))}>
                      {disabled || !first ? t('sendChecks.removeFiles') : t('sendChecks.removeFile', { name: first.name })}
                    </Button>
                  </Actions>
                </Alert>
              </li>
            );
          }
        }
      })}
    </ul>
  );
}

interface SendRefusalProps {
  refusal: DraftRefusal;
  /** Retry sends the draft as it now stands; off while a warning still stands in its way. */
  canRetry: boolean;
  onRetry: () => void;
  onDismiss: () => void;
  /** The endpoint whose key to set when the refusal was for want of one. */
  keyEndpoint: { endpoint: string; label: string } | null;
}

/** A send the server or the network refused: the draft is back in the box, with why and a Retry. */
export function SendRefusal({ refusal, canRetry, onRetry, onDismiss, keyEndpoint }: SendRefusalProps) {
  const { t } = useTranslation();
  const message = refusal.code === 'network' ? t('sendChecks.network') : refusal.message;
  return (
    <Alert tone="error" title={t('sendChecks.refusedTitle')} className={NOTICE}>
      {message}
      <Actions>
        <Button size="sm" onClick={onRetry} disabled={!canRetry}>
          {t('sendChecks.retry')}
        </Button>
        {keyEndpoint && KEY_ERRORS.has(refusal.code) ? <SetKeyAction endpoint={keyEndpoint.endpoint} label={keyEndpoint.label} /> : null}
        <Button size="sm" variant="ghost" onClick={onDismiss}>
          {t('sendChecks.dismiss')}
        </Button>
      </Actions>
    </Alert>
  );
}
