import type { WinTile } from '@meld/shared';
import { useEffect } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { useSearchParams } from 'react-router-dom';
import { showToast } from '@/lib/toast.ts';

/**
 * A link into the vault, `/library/wins-vault?win=<id>` (the Log's "Open source", a fragment pinned as
 * a win), selects that tile and previews it once the vault has loaded; a win that no longer exists gets
 * a gentle notice. The vault holds every tile, so nothing else needs fetching. Handled once, then the
 * address is left clean, so Back and a reload do not reopen it.
 */
export function useWinLink(wins: readonly WinTile[], ready: boolean, open: (id: string) => void): void {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const wanted = params.get('win');

  useEffect(() => {
    if (!ready || wanted === null) return;
    if (wins.some((win) => win.id === wanted)) {
      open(wanted);
      // jsdom lacks scrollIntoView.
      document.getElementById(`win-${wanted}`)?.scrollIntoView?.({ block: 'nearest' });
    } else {
      showToast({ message: t('wins.links.missing'), severity: 'info' });
    }
    setParams(
      (current) => {
        current.delete('win');
        return current;
      },
      { replace: true },
    );
  }, [ready, wanted, wins, open, setParams, t]);
}
