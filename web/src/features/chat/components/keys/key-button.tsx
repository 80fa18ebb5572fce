import { useQuery } from '@tanstack/react-query';
import clsx from 'clsx';
import { useState } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { userKeysQuery } from '../../api/composer-queries.ts';
import { useLatestFailure } from '../../lib/stream-store.ts';
import { isKeyUsable, KEY_ERRORS } from '../../lib/user-keys.ts';
import { ComposerIcon, TOOL_BUTTON } from '../composer/composer-icons.tsx';
import { SetKeyDialog } from './set-key-dialog.tsx';

/**
 * For an endpoint whose key each user brings: "Set API key" until one is set, then a key icon.
 * A reply refused for want of a key opens the dialog by itself.
 */
export function KeyButton({ endpoint, label, disabled }: { endpoint: string; label: string; disabled?: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // The refusal already answered by closing the dialog, so it does not open again for it.
  const [dismissed, setDismissed] = useState<object | null>(null);
  const keys = useQuery(userKeysQuery);
  const latest = useLatestFailure();
  const current = keys.data?.keys.find((key) => key.name === endpoint);
  const usable = isKeyUsable(current);
  // A key error, or any refusal while this endpoint has no usable key (the server may refuse before streaming).
  const failed = latest?.endpoint === endpoint ? latest.error : null;
  const refused = failed && (KEY_ERRORS.has(failed.code) || (keys.isSuccess && !usable)) ? failed : null;
  const shown = open || (!!refused && refused !== dismissed);
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next && refused) setDismissed(refused);
  };

  return (
    <>
      <button
        type="button"
        disabled={disabled}
        onClick={() => setOpen(true)}
        title={usable ? t('composer.keys.change') : t('composer.keys.set')}
        aria-label={usable ? t('composer.keys.change') : t('composer.keys.set')}
        className={clsx(TOOL_BUTTON, !usable && 'text-accent hover:text-accent-strong')}
      >
        <ComposerIcon name="key" />
        {usable ? null : <span className="hidden sm:inline">{t('composer.keys.set')}</span>}
      </button>
      <SetKeyDialog open={shown} onOpenChange={onOpenChange} endpoint={endpoint} label={label} />
    </>
  );
}
