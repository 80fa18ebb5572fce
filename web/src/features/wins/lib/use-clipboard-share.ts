import type { Digest, WinTile } from '@meld/shared';
import { useTranslation } from 'react-i18next';
import { showToast } from '@/lib/toast.ts';
import { useRecordShare } from '../api/wins-queries.ts';
import { digestShareText, winShareText } from './format.ts';

/** "Win tile copied to clipboard" lasts about 2 s (spec 002 section 8). */
const COPY_TOAST_MS = 2000;

async function copy(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** Sharing puts the text on the clipboard; a tile's share is then recorded on the server. */
export function useClipboardShare() {
  const { t, i18n } = useTranslation();
  const recordShare = useRecordShare();

  const shareWin = async (win: WinTile) => {
    if (!(await copy(winShareText(win, t, i18n.language)))) {
      showToast({ message: t('wins.toasts.copyFailed'), severity: 'error' });
      return;
    }
    showToast({ message: t('wins.toasts.copied'), severity: 'success', duration: COPY_TOAST_MS });
    recordShare.mutate(win.id);
  };

  const shareDigest = async (digest: Digest) => {
    const copied = await copy(digestShareText(digest, t, i18n.language));
    showToast(copied ? { message: t('wins.toasts.digestCopied'), severity: 'success', duration: COPY_TOAST_MS } : { message: t('wins.toasts.copyFailed'), severity: 'error' });
  };

  return { shareWin, shareDigest };
}
