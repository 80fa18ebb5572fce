import type { QueryClient, QueryKey } from '@tanstack/react-query';

/** What a paged list answers: its items and where the next page starts (null or absent on the last). */
export interface Paged {
  nextCursor?: string | null;
}

/**
 * A query function's body for a list read page by page into one cached value (decision 0037).
 * On a first load each page lands in the cache as it arrives, so the screen shows the first page
 * at once while the rest follow; a refetch keeps what is on screen and swaps in the new pages
 * only once all have arrived, so nothing on screen shrinks and grows back meanwhile.
 */
export async function loadPages<P extends Paged, D>(
  context: { client: QueryClient; queryKey: QueryKey },
  fetchPage: (cursor: string | undefined) => Promise<P>,
  reduce: (data: D | undefined, page: P) => D,
): Promise<D> {
  const { client, queryKey } = context;
  const refetch = client.getQueryData<D>(queryKey) !== undefined;
  let result: D | undefined;
  let cursor: string | undefined;
  do {
    const page = await fetchPage(cursor);
    if (refetch) result = reduce(result, page);
    else client.setQueryData<D>(queryKey, (current) => reduce(current, page));
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return refetch ? result! : client.getQueryData<D>(queryKey)!;
}
