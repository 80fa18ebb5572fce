import type { SharedLink } from '@meld/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, fail, held, mockApi, type MockRequest, when } from '@/test/mock-api.ts';
import { clearToastsAfterEach, renderSettingsAt, sharedLink } from '../test/settings-test-kit.tsx';

clearToastsAfterEach();

/** A share API over a list: GET answers the list, each DELETE removes its link. */
function shareApi(initial: SharedLink[]) {
  let links = [...initial];
  const remove = ({ params }: MockRequest) => {
    links = links.filter((link) => link.shareId !== params.id);
    return { deletedCount: 1 };
  };
  return mockApi({
    listShares: () => ({ links, nextCursor: null, hasNextPage: false }),
    deleteShare: initial.flatMap((link) => (link.shareId ? [when({ id: link.shareId }, remove)] : [])),
  });
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
    expect(callsTo(fetchSpy, 'deleteShare', { id: 's1' })).toHaveLength(1);
    expect(callsTo(fetchSpy, 'deleteShare', { id: 's2' })).toHaveLength(1);
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
    const removal = held<'deleteShare'>();
    let listCalls = 0;
    mockApi({
      // Only the first read answers: the restored row can come from the rollback alone.
      listShares: () => (listCalls++ === 0 ? { links, nextCursor: null, hasNextPage: false } : new Promise<never>(() => {})),
      deleteShare: when({ id: 's1' }, removal.handler),
    });
    const dialog = await openSharedLinks();
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Delete link to "Alpha"' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Delete this shared link?' })).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(within(dialog).queryByText('Alpha')).not.toBeInTheDocument());
    removal.answer(fail(500, { code: 'INTERNAL_ERROR', message: 'boom' }));
    expect(await screen.findByText('The shared links could not be deleted. Please try again.')).toBeInTheDocument();
    expect(await within(dialog).findByText('Alpha')).toBeInTheDocument();
  });
});
