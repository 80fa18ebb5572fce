import { FRAGMENT_LIMITS, type Fragment } from '@meld/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { useSearchParams } from 'react-router-dom';
import { ApiError } from '@/lib/api-error.ts';
import { showToast } from '@/lib/toast.ts';
import { fragmentQuery } from '../api/fragments-queries.ts';

type Found = Fragment | 'missing' | 'failed';

/** Ids as the link gives them: distinct, in order, no more than a weave takes. */
function idsOf(value: string): string[] {
  const ids = value.split(',').map((id) => id.trim()).filter((id) => id !== '');
  return [...new Set(ids)].slice(0, FRAGMENT_LIMITS.weaveMax);
}

/**
 * The log's links: `/fragments?id=<id>` previews one fragment; `/fragments?select=<id>,<id>` (the
 * sources of a woven reflection) selects them and previews the first. Fragments outside the loaded
 * page are fetched; one that no longer exists gets a gentle notice. Handled once, once the inbox has
 * loaded, then the address is left clean.
 */
export function useLinkParams(shown: readonly Fragment[], ready: boolean, reveal: (selected: readonly Fragment[], preview: Fragment | null) => void): void {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const id = params.get('id');
  const select = params.get('select');

  useEffect(() => {
    if (!ready || (id === null && select === null)) return;
    let cancelled = false;
    const find = (wanted: string): Found | Promise<Found> =>
      shown.find((item) => item.id === wanted) ??
      queryClient.fetchQuery(fragmentQuery(wanted)).catch((error: unknown) => (error instanceof ApiError && error.status === 404 ? 'missing' : 'failed'));

    void Promise.all(idsOf(id ?? select ?? '').map(find)).then((results) => {
      if (cancelled) return;
      const found = results.filter((result): result is Fragment => typeof result === 'object');
      const missing = results.filter((result) => result === 'missing').length;
      if (found.length > 0) {
        reveal(id === null ? found : [], found[0]!);
        // jsdom and old browsers lack scrollIntoView; the row is there only when it is in the loaded page.
        document.getElementById(`fragment-${found[0]!.id}`)?.scrollIntoView?.({ block: 'nearest' });
      }
      if (missing > 0) showToast({ message: t('fragments.links.missing', { count: missing }), severity: 'info' });
      if (results.includes('failed')) showToast({ message: t('fragments.links.failed'), severity: 'error' });
      setParams(
        (current) => {
          current.delete('id');
          current.delete('select');
          return current;
        },
        { replace: true },
      );
    });
    return () => {
      cancelled = true;
    };
  }, [ready, id, select, shown, queryClient, reveal, setParams, t]);
}
