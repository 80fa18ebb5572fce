import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { loadPages } from './load-pages.ts';

type Page = { items: string[]; nextCursor: string | null };

/** Pages the test hands out one at a time, to look at the cache in between. */
function pager() {
  const waiting: ((page: Page) => void)[] = [];
  const cursors: (string | undefined)[] = [];
  const fetchPage = (cursor: string | undefined) => {
    cursors.push(cursor);
    return new Promise<Page>((resolve) => waiting.push(resolve));
  };
  const answer = async (page: Page) => {
    await expect.poll(() => waiting.length).toBeGreaterThan(0);
    waiting.shift()!(page);
  };
  return { fetchPage, answer, cursors };
}

const key = ['list'];
const append = (data: string[] | undefined, page: Page) => [...(data ?? []), ...page.items];

describe('loadPages', () => {
  it('puts each page in the cache as it arrives on a first load, following the cursors', async () => {
    const client = new QueryClient();
    const { fetchPage, answer, cursors } = pager();
    const done = client.fetchQuery({ queryKey: key, queryFn: () => loadPages({ client, queryKey: key }, fetchPage, append) });
    await answer({ items: ['branch'], nextCursor: 'two' });
    await expect.poll(() => cursors).toHaveLength(2);
    expect(client.getQueryData(key)).toEqual(['branch']);
    await answer({ items: ['rest'], nextCursor: null });
    expect(await done).toEqual(['branch', 'rest']);
    expect(cursors).toEqual([undefined, 'two']);
  });

  it('keeps what is on screen during a refetch and swaps in the new pages once all have come', async () => {
    const client = new QueryClient();
    client.setQueryData(key, ['old', 'list']);
    const { fetchPage, answer, cursors } = pager();
    const done = client.fetchQuery({ queryKey: key, queryFn: () => loadPages({ client, queryKey: key }, fetchPage, append) });
    await answer({ items: ['new'], nextCursor: 'two' });
    await expect.poll(() => cursors).toHaveLength(2);
    expect(client.getQueryData(key)).toEqual(['old', 'list']);
    await answer({ items: ['pages'], nextCursor: null });
    expect(await done).toEqual(['new', 'pages']);
    expect(client.getQueryData(key)).toEqual(['new', 'pages']);
  });
});
