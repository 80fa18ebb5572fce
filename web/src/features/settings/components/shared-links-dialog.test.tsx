import type { SharedLink } from '@meld/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, json, mockFetch } from '@/test/fetch-mock.ts';
import { clearToastsAfterEach, renderSettingsAt, sharedLink } from '../test/settings-test-kit.tsx';

clearToastsAfterEach();

/** A share API over a list: GET answers the list, each DELETE removes its link. */
function shareApi(initial: SharedLink[]) {
  let links = [...initial];
  const remove = (url: string) => {
    const id = decodeURIComponent(new URL(url, 'http://localhost').pathname.split('/').pop() ?? '');
    links = links.filter((link) => link.shareId !== id);
    return json({ deletedCount: 1 });
  };
  const routes: Parameters<typeof mockFetch>[0] = { 'GET /api/share': () => json({ links, nextCursor: null, hasNextPage: false }) };
  for (const link of initial) {
    if (link.shareId) routes[`DELETE /api/share/${link.shareId}`] = remove;
  }
  return mockFetch(routes);
}

async function openSharedLinks() {
  renderSettingsAt('data');
  await userEvent.click(screen.getByRole('button', { name: 'Manage' }));
  const dialog = await screen.findByRole('dialog', { name: 'Shared links' });
  return dialog;
}

const links = [sharedLink('s1', 'Alpha'), sharedLink('', 'Legacy'), sharedLink('s2', 'Beta')];

describe('shared links', () => {
  it('lists links that open the public page in a new tab, with their date', async () => {
    shareApi(links);
    const dialog = await openSharedLinks();
    const alpha = await within(dialog).findByRole('link', { name: /Alpha/ });
    expect(alpha).toHaveAttribute('href', '/share/s1');
    expect(alpha).toHaveAttribute('target', '_blank');
    expect(within(dialog).getAllByText('Nov 20, 2026').length).toBeGreaterThan(0);
    expect(within(dialog).queryByRole('link', { name: /Legacy/ })).not.toBeInTheDocument();
  });

  it('bulk delete sends one call per share id and skips rows without one', async () => {
    const fetchSpy = shareApi(links);
    const dialog = await openSharedLinks();
    await within(dialog).findByText('Alpha');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Select all shown links' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete 3 links' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete 2 shared links?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Shared links deleted.')).toBeInTheDocument();
    expect(callsTo(fetchSpy, 'DELETE /api/share/s1')).toHaveLength(1);
    expect(callsTo(fetchSpy, 'DELETE /api/share/s2')).toHaveLength(1);
    expect(fetchSpy.mock.calls.filter(([, init]) => init?.method === 'DELETE')).toHaveLength(2);
    await waitFor(() => expect(within(dialog).queryByText('Alpha')).not.toBeInTheDocument());
    expect(within(dialog).queryByText('Beta')).not.toBeInTheDocument();
  });

  it('warns that there is nothing to delete when no selected row has a share id', async () => {
    const fetchSpy = shareApi(links);
    const dialog = await openSharedLinks();
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: 'Select "Legacy"' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete 1 link' }));

    expect(await screen.findByText('No valid items to delete.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: /Delete/ })).not.toBeInTheDocument();
    expect(fetchSpy.mock.calls.filter(([, init]) => init?.method === 'DELETE')).toHaveLength(0);
  });

  it('removes a deleted link at once and says so in the singular', async () => {
    shareApi(links);
    const dialog = await openSharedLinks();
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Delete link to "Beta"' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Delete this shared link?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Shared link deleted.')).toBeInTheDocument();
    expect(within(dialog).queryByText('Beta')).not.toBeInTheDocument();
    expect(within(dialog).getByText('Alpha')).toBeInTheDocument();
  });

  it('puts the rows back and shows the error when a delete fails', async () => {
    let fail: (response: Response) => void = () => {};
    let listCalls = 0;
    mockFetch({
      // Only the first read answers: the restored row can come from the rollback alone.
      'GET /api/share': () => (listCalls++ === 0 ? json({ links, nextCursor: null, hasNextPage: false }) : new Promise<Response>(() => {})),
      'DELETE /api/share/s1': () => new Promise<Response>((resolve) => (fail = resolve)),
    });
    const dialog = await openSharedLinks();
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Delete link to "Alpha"' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Delete this shared link?' })).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(within(dialog).queryByText('Alpha')).not.toBeInTheDocument());
    fail(json({ code: 'SERVER_ERROR', message: 'boom' }, 500));
    expect(await screen.findByText('The shared links could not be deleted. Please try again.')).toBeInTheDocument();
    expect(await within(dialog).findByText('Alpha')).toBeInTheDocument();
  });
});
