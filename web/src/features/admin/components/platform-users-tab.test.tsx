import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, fail, when } from '@/test/mock-api.ts';
import { setViewportWidth } from '@/test/match-media.ts';
import { bodyOf, mockAdmin, renderMe } from '../test/admin-test-kit.tsx';
import { captureDownloads } from '@/test/capture-downloads.ts';
import { adminUserRow, sampleUsers, usersPage } from '../test/users-test-kit.ts';

const LIST = 'listUsers';
const queryOf = (init: RequestInit, spy: ReturnType<typeof mockAdmin>) => {
  const index = spy.mock.calls.findIndex(([, callInit]) => callInit === init);
  return new URL(String(spy.mock.calls[index]![0]), 'http://localhost').searchParams;
};
const listQueries = (spy: ReturnType<typeof mockAdmin>) => callsTo(spy, LIST).map((init) => queryOf(init, spy));

/** The card the table scrolls in: 600 px tall, as a laptop shows it. */
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
});

async function table() {
  return screen.findByRole('region', { name: 'Platform users' });
}

function rowOf(name: string) {
  return screen.getByRole('rowheader', { name: new RegExp(name) }).closest('tr')!;
}

describe('the Platform Users tab', () => {
  it('lists every user with their role in its colour, dates, and No Data for a user who never signed in', async () => {
    const spy = mockAdmin();
    renderMe();
    expect(within(await table()).getByRole('table', { name: 'Platform users' })).toBeInTheDocument();
    expect(screen.getByText('3 users')).toBeInTheDocument();
    expect(listQueries(spy)[0]!.get('limit')).toBe('1000');

    const alan = rowOf('Alan Turing');
    expect(within(alan).getByText('alan@example.com')).toBeInTheDocument();
    expect(within(alan).getByText('Mentor')).toHaveClass('text-sky-800');
    expect(within(alan).getByText('Nov 2, 2026')).toBeInTheDocument();
    expect(within(alan).getByText('No Data')).toBeInTheDocument();
    expect(within(rowOf('Grace Hopper')).getByText('Admin')).toHaveClass('text-danger');
    const katherine = rowOf('Katherine Johnson');
    expect(within(katherine).getByText('Member')).toHaveClass('text-ink-soft');
    expect(within(katherine).getByText(/Nov 20, 2026/)).toBeInTheDocument();
  });

  it('disables both actions on the admin’s own row and says why', async () => {
    mockAdmin();
    renderMe();
    await table();
    const own = rowOf('Grace Hopper');
    expect(within(own).getByText('You')).toBeInTheDocument();
    const change = within(own).getByRole('button', { name: 'Change the role of Grace Hopper' });
    expect(change).toBeDisabled();
    expect(change).toHaveAccessibleDescription('You cannot change the role of, or delete, your own account.');
    expect(within(own).getByRole('button', { name: 'Delete Grace Hopper' })).toBeDisabled();
    expect(within(rowOf('Alan Turing')).getByRole('button', { name: 'Delete Alan Turing' })).toBeEnabled();
  });

  it('searches once the typing settles: one request for the whole word', async () => {
    const spy = mockAdmin({
      [LIST]: ({ query }) => usersPage(query.get('search') === 'kath' ? [sampleUsers[2]!] : sampleUsers),
    });
    const user = userEvent.setup();
    renderMe();
    await table();
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'kath');

    await waitFor(() => expect(screen.queryByRole('rowheader', { name: /Alan Turing/ })).not.toBeInTheDocument());
    expect(rowOf('Katherine Johnson')).toBeInTheDocument();
    expect(screen.getByText('1 user')).toBeInTheDocument();
    expect(listQueries(spy).map((query) => query.get('search'))).toEqual([null, 'kath']);
  });

  it('sends the chosen role and says when nobody matches', async () => {
    const spy = mockAdmin({
      [LIST]: ({ query }) => usersPage(query.get('role') === 'MENTOR' ? [] : sampleUsers),
    });
    const user = userEvent.setup();
    renderMe();
    await table();
    const filter = screen.getByRole('combobox', { name: 'Filter by role' });
    expect(within(filter).getAllByRole('option').map((option) => option.textContent)).toEqual(['All roles', 'Admin', 'Member', 'Mentor']);
    await user.selectOptions(filter, 'Mentor');

    expect(await screen.findByText('No users found.')).toBeInTheDocument();
    expect(listQueries(spy).at(-1)!.get('role')).toBe('MENTOR');
  });

  it('enables Save only for a role other than the current one, then updates the role and refreshes the list', async () => {
    const spy = mockAdmin({ updateUserRole: when({ id: 'u2' }, () => ({ ...sampleUsers[1]!, role: 'ADMIN' })) });
    const user = userEvent.setup();
    renderMe();
    await table();
    await user.click(within(rowOf('Alan Turing')).getByRole('button', { name: 'Change the role of Alan Turing' }));

    const dialog = await screen.findByRole('dialog', { name: 'Change role' });
    expect(dialog).toHaveAccessibleDescription('Alan Turing (alan@example.com) is currently Mentor.');
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    const select = within(dialog).getByRole('combobox', { name: 'New role' });
    await user.selectOptions(select, 'Mentor');
    expect(save).toBeDisabled();
    await user.selectOptions(select, 'Admin');
    expect(save).toBeEnabled();
    await user.click(save);

    expect(await screen.findByText('User role updated to Admin')).toBeInTheDocument();
    expect(bodyOf(callsTo(spy, 'updateUserRole', { id: 'u2' })[0]!)).toEqual({ role: 'ADMIN' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(callsTo(spy, LIST)).toHaveLength(2));
  });

  it('exports the server’s roles, not the cached pages a role change made stale', async () => {
    // Search, change a role, clear the search and export at once: the unfiltered pages come from the
    // cache while they refetch, so the export must wait for the refetch (a CI run wrote the old role).
    let alanRole: 'MENTOR' | 'ADMIN' = 'MENTOR';
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const listed = () => sampleUsers.map((user) => (user._id === 'u2' ? { ...user, role: alanRole } : user));
    const spy = mockAdmin({
      [LIST]: async ({ query }) => {
        if (query.get('search')) return usersPage(listed().filter((user) => user.name.includes('Alan')));
        if (alanRole === 'ADMIN') await held;
        return usersPage(listed());
      },
      updateUserRole: when({ id: 'u2' }, () => ((alanRole = 'ADMIN'), { ...sampleUsers[1]!, role: 'ADMIN' as const })),
    });
    const downloads = captureDownloads();
    const user = userEvent.setup();
    renderMe();
    await table();
    const search = screen.getByRole('searchbox', { name: 'Search users' });
    await user.type(search, 'alan');
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: /Katherine Johnson/ })).not.toBeInTheDocument());
    await user.click(within(rowOf('Alan Turing')).getByRole('button', { name: 'Change the role of Alan Turing' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change role' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'New role' }), 'Admin');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText('User role updated to Admin');

    await user.clear(search);
    // The stale unfiltered list is back on screen while its refetch is held.
    await screen.findByRole('rowheader', { name: /Katherine Johnson/ });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    release();

    const lines = (await downloads.text()).split('\r\n');
    expect(lines.find((line) => line.startsWith('Alan Turing,'))).toBe('Alan Turing,alan@example.com,ADMIN,"Nov 2, 2026",No Data');
    expect(callsTo(spy, LIST).length).toBeGreaterThanOrEqual(3);
  });

  it('shows the server’s reason when a role change is refused', async () => {
    mockAdmin({ updateUserRole: when({ id: 'u3' }, () => fail(400, { code: 'VALIDATION_ERROR', message: 'Cannot change your own role' })) });
    const user = userEvent.setup();
    renderMe();
    await table();
    await user.click(within(rowOf('Katherine Johnson')).getByRole('button', { name: 'Change the role of Katherine Johnson' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change role' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'New role' }), 'Mentor');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    // The dialog stays open for another choice and says why, where a screen reader in the dialog hears it.
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Cannot change your own role');
    expect(screen.getByRole('dialog', { name: 'Change role' })).toBeInTheDocument();
  });

  it('deletes a user after a confirmation that names them and what goes with them', async () => {
    const spy = mockAdmin({ deleteUser: when({ id: 'u3' }, () => ({ message: 'User deleted successfully' })) });
    const user = userEvent.setup();
    renderMe();
    await table();
    await user.click(within(rowOf('Katherine Johnson')).getByRole('button', { name: 'Delete Katherine Johnson' }));

    const dialog = await screen.findByRole('dialog', { name: 'Delete this user?' });
    expect(dialog).toHaveTextContent(/Katherine Johnson \(katherine@example.com\) and everything they own/);
    expect(callsTo(spy, 'deleteUser', { id: 'u3' })).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete user' }));

    expect(await screen.findByText('User deleted successfully')).toBeInTheDocument();
    expect(callsTo(spy, 'deleteUser', { id: 'u3' })).toHaveLength(1);
    await waitFor(() => expect(callsTo(spy, LIST)).toHaveLength(2));
  });

  it('says so when a delete fails', async () => {
    mockAdmin({ deleteUser: when({ id: 'u2' }, () => fail(500, { code: 'INTERNAL_ERROR', message: 'down' })) });
    const user = userEvent.setup();
    renderMe();
    await table();
    await user.click(within(rowOf('Alan Turing')).getByRole('button', { name: 'Delete Alan Turing' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete user' }));
    expect(await screen.findByText('Failed to delete user')).toBeInTheDocument();
  });

  it('exports every matching user, fetching the pages not loaded yet, with No Data for a missing last login', async () => {
    const quote = adminUserRow({ _id: 'u9', name: 'Smith, "Jo"', email: 'jo@example.com', createdAt: '2026-10-01T10:00:00.000Z', lastLogin: null });
    // 50 rows on the first page: its end is far below the screen, so only the export asks for the second.
    const fillers = Array.from({ length: 48 }, (_, index) => adminUserRow({ _id: `f${index}`, name: `Filler ${index}` }));
    const spy = mockAdmin({
      [LIST]: ({ query }) =>
        query.get('cursor') === 'next' ? usersPage([quote]) : usersPage([...sampleUsers.slice(1), ...fillers], 'next'),
    });
    const downloads = captureDownloads();
    const user = userEvent.setup();
    renderMe();
    await table();
    expect(callsTo(spy, LIST)).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));

    const lines = (await downloads.text()).split('\r\n');
    expect(downloads.names[0]).toMatch(/^platform-users-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(lines).toHaveLength(1 + 51 + 1);
    expect(lines[0]).toBe('Name,Email,Role,Created Date,Last Login');
    expect(lines[1]).toBe('Alan Turing,alan@example.com,MENTOR,"Nov 2, 2026",No Data');
    expect(lines[2]).toMatch(/^Katherine Johnson,katherine@example.com,USER,"Nov 2, 2026","Nov 20, 2026, \d\d:\d\d/);
    expect(lines[51]).toBe('"Smith, ""Jo""",jo@example.com,USER,"Oct 1, 2026",No Data');
    expect(lines[52]).toBe('');
    expect(listQueries(spy).map((query) => query.get('cursor'))).toEqual([null, 'next']);
  });

  it('says so and writes no file when a page of the export cannot be fetched', async () => {
    const fillers = Array.from({ length: 50 }, (_, index) => adminUserRow({ _id: `f${index}`, name: `Filler ${index}` }));
    mockAdmin({
      [LIST]: ({ query }) => (query.get('cursor') ? fail(400, { code: 'VALIDATION_ERROR', message: 'down' }) : usersPage(fillers, 'next')),
    });
    const downloads = captureDownloads();
    const user = userEvent.setup();
    renderMe();
    await table();
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Failed to fetch users')).toBeInTheDocument();
    expect(downloads.names).toEqual([]);
  });

  it('renders only the rows in view and loads the next page as the end comes within a screen and a half', async () => {
    const many = Array.from({ length: 60 }, (_, index) => adminUserRow({ _id: `p${index}`, name: `Person ${String(index).padStart(2, '0')}` }));
    const spy = mockAdmin({
      [LIST]: ({ query }) =>
        query.get('cursor') === 'c2' ? usersPage([adminUserRow({ _id: 'last', name: 'Zora Neale' })]) : usersPage(many, 'c2'),
    });
    renderMe();
    const card = await table();
    expect(screen.getByText('60 users loaded, more as you scroll')).toBeInTheDocument();
    // 600 px of 48 px rows plus 10 of overscan: far from all 60.
    expect(within(card).getAllByRole('row').length).toBeLessThan(30);
    expect(callsTo(spy, LIST)).toHaveLength(1);

    // 60 rows are 2880 px; at 1500 px the end is within 1.5 screens (900 px) of the last rendered row.
    Object.defineProperty(card, 'scrollTop', { configurable: true, value: 1500 });
    fireEvent.scroll(card);

    await waitFor(() => expect(callsTo(spy, LIST)).toHaveLength(2));
    expect(listQueries(spy)[1]!.get('cursor')).toBe('c2');
    expect(await screen.findByText('61 users')).toBeInTheDocument();
  });

  it('says it is loading, then shows the server’s error with a retry', async () => {
    let failing = true;
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    mockAdmin({
      [LIST]: async () => {
        await gate;
        return failing ? fail(500, { code: 'INTERNAL_ERROR', message: 'The table is resting' }) : usersPage(sampleUsers);
      },
    });
    const user = userEvent.setup();
    renderMe();
    expect(await screen.findByText('Loading users...')).toBeInTheDocument();
    release();

    expect(await screen.findByText('Error loading users: The table is resting')).toBeInTheDocument();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await table()).toBeInTheDocument();
  });

  it('gives a phone a card per user with the role, the dates and the same actions', async () => {
    setViewportWidth(390);
    mockAdmin();
    const user = userEvent.setup();
    renderMe();
    const list = await table();
    expect(within(list).queryByRole('table')).not.toBeInTheDocument();
    const alan = within(list).getByText('Alan Turing').closest('li')!;
    expect(within(alan).getByText('alan@example.com')).toBeInTheDocument();
    expect(within(alan).getByText('Mentor')).toBeInTheDocument();
    expect(within(alan).getByText('Joined Nov 2, 2026')).toBeInTheDocument();
    expect(within(alan).getByText('Last login No Data')).toBeInTheDocument();
    expect(within(within(list).getByText('Grace Hopper').closest('li')!).getByRole('button', { name: 'Delete Grace Hopper' })).toBeDisabled();

    await user.click(within(alan).getByRole('button', { name: 'Change the role of Alan Turing' }));
    expect(await screen.findByRole('dialog', { name: 'Change role' })).toBeInTheDocument();
  });
});
