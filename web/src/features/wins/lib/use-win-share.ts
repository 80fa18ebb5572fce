import type { Digest, WinTile } from '@meld/shared';
import { useTranslation } from '@/lib/use-translation.ts';
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

type ShareOutcome = 'shared' | 'cancelled' | 'unavailable';

/** The device's share sheet, where the browser has one; 'cancelled' when the member closes it. */
async function shareSheet(title: string, text: string): Promise<ShareOutcome> {
  if (typeof navigator.share !== 'function' || (navigator.canShare && !navigator.canShare({ title, text }))) return 'unavailable';
  try {
    await navigator.share({ title, text });
    return 'shared';
  } catch (error) {
    return error instanceof DOMException && error.name === 'AbortError' ? 'cancelled' : 'unavailable';
  }
}

/**
 * A tile's share count counts shares, not copies (issue 26, decision 0052): Share opens the device's
 * share sheet and records a share once the member has sent it somewhere. Where the browser has no
 * share sheet, Share copies the text, as Cmd/Ctrl+Enter does; a copy is not counted.
 */
export function useWinShare() {
  const { t, i18n } = useTranslation();
  const recordShare = useRecordShare();

  const copyWin = async (win: WinTile) => {
    const copied = await copy(winShareText(win, t, i18n.language));
    showToast(copied ? { message: t('wins.toasts.copied'), severity: 'success', duration: COPY_TOAST_MS } : { message: t('wins.toasts.copyFailed'), severity: 'error' });
  };

  const shareWin = async (win: WinTile) => {
    const outcome = await shareSheet(win.title || t('wins.tile.untitled'), winShareText(win, t, i18n.language));
    if (outcome === 'shared') recordShare.mutate(win.id);
    else if (outcome === 'unavailable') await copyWin(win);
  };

  const shareDigest = async (digest: Digest) => {
    const copied = await copy(digestShareText(digest, t, i18n.language));
    showToast(copied ? { message: t('wins.toasts.digestCopied'), severity: 'success', duration: COPY_TOAST_MS } : { message: t('wins.toasts.copyFailed'), severity: 'error' });
  };

  return { shareWin, copyWin, shareDigest };
}
