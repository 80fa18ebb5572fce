import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, fail, when } from '@/test/mock-api.ts';
import { csvFileName } from '@/lib/csv.ts';
import { mockAdmin, renderMe } from '../test/admin-test-kit.tsx';
import { captureDownloads } from '@/test/capture-downloads.ts';
import { longMotivation, sampleSignups, signup } from '../test/signups-test-kit.ts';

const TAB = '/me?tab=userInterest';

async function rowOf(name: string) {
  const header = await screen.findByRole('rowheader', { name });
  return header.closest('tr') as HTMLElement;
}

describe('the User Interest Signups tab', () => {
  it('lists every sign-up newest first, with the situation, its answers and the referral with its Other text', async () => {
    mockAdmin({ listUserInterest: () => [sampleSignups[1]!, sampleSignups[0]!] });
    renderMe(undefined, TAB);

    const table = await screen.findByRole('region', { name: 'User interest sign-ups' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['Ines Duarte', 'Jon Park']);
    expect(screen.getByText('2 sign-ups')).toBeInTheDocument();

    const ines = rows[0]!;
    expect(within(ines).getByText('s1@example.com')).toBeInTheDocument();
    expect(within(ines).getByText('In college')).toBeInTheDocument();
    expect(within(ines).getByText('School').nextElementSibling).toHaveTextContent('Lisbon University');
    expect(within(ines).getByText('Graduation year').nextElementSibling).toHaveTextContent('2027');
    expect(within(ines).getByText('Open to mentoring students').nextElementSibling).toHaveTextContent('Yes');
    expect(within(ines).getByText('Other: A podcast')).toBeInTheDocument();
    expect(within(ines).getByText('Nov 12, 2026')).toBeInTheDocument();

    const jon = rows[1]!;
    expect(within(jon).getByText('Job title').nextElementSibling).toHaveTextContent('Nurse');
    expect(within(jon).getByText('Open to mentoring').nextElementSibling).toHaveTextContent('No');
    expect(within(jon).getByText('A friend')).toBeInTheDocument();
    expect(within(jon).queryByText('School')).not.toBeInTheDocument();
  });

  it('marks a sign-up whose e-mail signed up before as a repeat of the first one', async () => {
    const first = signup({ _id: 'a1', name: 'Ada Lovelace', email: 'ada@example.com', createdAt: '2026-11-10T09:00:00.000Z' });
    const repeat = signup({ _id: 'a2', name: 'Mallory', email: 'ada@example.com', createdAt: '2026-11-11T09:00:00.000Z', repeatOf: 'a1' });
    mockAdmin({ listUserInterest: () => [first, repeat] });
    renderMe(undefined, TAB);
    const row = (await screen.findByRole('rowheader', { name: /^Mallory/ })).closest('tr') as HTMLElement;
    expect(within(row).getByText('Repeat')).toBeInTheDocument();
    expect(within(row).getByText('Same e-mail as Ada Lovelace, Nov 10, 2026')).toBeInTheDocument();
    expect(within(await rowOf('Ada Lovelace')).queryByText('Repeat')).not.toBeInTheDocument();
  });

  it('cuts a motivation past 120 characters and shows the whole text on demand', async () => {
    mockAdmin({ listUserInterest: () => sampleSignups });
    const user = userEvent.setup();
    renderMe(undefined, TAB);
    const row = await rowOf('Ines Duarte');
    const preview = within(row).getByText(/^I want a clearer sense/);
    expect(preview.textContent!.length).toBeLessThanOrEqual(121);
    expect(preview.textContent).toMatch(/…$/);
    expect(within(row).queryByText(/The end\./)).not.toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Show more' }));
    expect(within(row).getByText(longMotivation.trim())).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Show less' }));
    expect(within(row).queryByText(/The end\./)).not.toBeInTheDocument();
    // A short motivation has nothing more to show.
    expect(within(await rowOf('Jon Park')).queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it('offers Mark subscribed only on Not Confirmed sign-ups, and the row turns Subscribed once the server agrees', async () => {
    let list = sampleSignups;
    const fetchSpy = mockAdmin({
      listUserInterest: () => list,
      confirmNewsletterSignup: when({ id: 's1' }, () => {
        list = list.map((row) => (row._id === 's1' ? { ...row, newsletterSubscription: true, newsletterSignedUpAt: '2026-11-20T08:00:00.000Z' } : row));
        return { ok: true };
      }),
    });
    const user = userEvent.setup();
    renderMe(undefined, TAB);
    const subscribed = await rowOf('Jon Park');
    expect(within(subscribed).getByText('Subscribed')).toBeInTheDocument();
    expect(within(subscribed).getByText('Since Nov 11, 2026')).toBeInTheDocument();
    expect(within(subscribed).queryByRole('button', { name: /subscribed/i })).not.toBeInTheDocument();

    const pending = await rowOf('Ines Duarte');
    expect(within(pending).getByText('Not Confirmed')).toBeInTheDocument();
    // It asks first, naming the person; Cancel changes nothing.
    await user.click(within(pending).getByRole('button', { name: 'Mark Ines Duarte subscribed' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark Ines Duarte subscribed?' });
    expect(dialog).toHaveTextContent('s1@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(fetchSpy, 'confirmNewsletterSignup')).toHaveLength(0);
    expect(within(pending).getByText('Not Confirmed')).toBeInTheDocument();

    await user.click(within(pending).getByRole('button', { name: 'Mark Ines Duarte subscribed' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Mark Ines Duarte subscribed?' })).getByRole('button', { name: 'Mark subscribed' }));

    await waitFor(() => expect(within(pending).getByText('Subscribed')).toBeInTheDocument());
    expect(within(pending).queryByText('Not Confirmed')).not.toBeInTheDocument();
    expect(within(pending).queryByRole('button', { name: /subscribed/i })).not.toBeInTheDocument();
    const [patch] = callsTo(fetchSpy, 'confirmNewsletterSignup', { id: 's1' });
    expect(patch?.body).toBeUndefined();
    expect(await within(pending).findByText('Since Nov 20, 2026')).toBeInTheDocument();
  });

  it('says "Failed to update newsletter status" and keeps Not Confirmed when the server refuses', async () => {
    mockAdmin({ listUserInterest: () => sampleSignups, confirmNewsletterSignup: when({ id: 's1' }, () => fail(500, { code: 'INTERNAL_ERROR', message: 'down' })) });
    const user = userEvent.setup();
    renderMe(undefined, TAB);
    const row = await rowOf('Ines Duarte');
    await user.click(within(row).getByRole('button', { name: 'Mark Ines Duarte subscribed' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Mark subscribed' }));
    expect(await screen.findByText('Failed to update newsletter status')).toBeInTheDocument();
    expect(within(row).getByText('Not Confirmed')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Mark Ines Duarte subscribed' })).toBeEnabled();
  });

  it('deletes a sign-up only after the admin confirms', async () => {
    let list = sampleSignups;
    const fetchSpy = mockAdmin({
      listUserInterest: () => list,
      deleteUserInterest: when({ id: 's2' }, () => {
        list = list.filter((row) => row._id !== 's2');
        return { ok: true };
      }),
    });
    const user = userEvent.setup();
    renderMe(undefined, TAB);
    await user.click(within(await rowOf('Jon Park')).getByRole('button', { name: 'Delete the sign-up of Jon Park' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete this sign-up?' });
    expect(dialog).toHaveTextContent('Jon Park (s2@example.com)');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(fetchSpy, 'deleteUserInterest', { id: 's2' })).toHaveLength(0);

    await user.click(within(await rowOf('Jon Park')).getByRole('button', { name: 'Delete the sign-up of Jon Park' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete this sign-up?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete sign-up' }));
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: 'Jon Park' })).not.toBeInTheDocument());
    expect(callsTo(fetchSpy, 'deleteUserInterest', { id: 's2' })).toHaveLength(1);
    expect(screen.getByText('1 sign-up')).toBeInTheDocument();
  });

  it('keeps the row and says so when a delete fails', async () => {
    mockAdmin({ listUserInterest: () => sampleSignups, deleteUserInterest: when({ id: 's2' }, () => fail(500, { code: 'INTERNAL_ERROR', message: 'down' })) });
    const user = userEvent.setup();
    renderMe(undefined, TAB);
    await user.click(within(await rowOf('Jon Park')).getByRole('button', { name: 'Delete the sign-up of Jon Park' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete sign-up' }));
    expect(await screen.findByText('Failed to delete the sign-up')).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: 'Jon Park' })).toBeInTheDocument();
  });

  it('exports every field of every sign-up to user-interest-signups-{date}.csv', async () => {
    const downloads = captureDownloads();
    const quoted = signup({ _id: 's3', name: 'Kai "K" Lee', motivation: 'Focus,\nand calm.', currentSituation: 'Other', currentFocus: 'Writing', currentCity: 'Oslo', createdAt: '2026-11-13T09:00:00.000Z' });
    mockAdmin({ listUserInterest: () => [...sampleSignups, quoted] });
    const user = userEvent.setup();
    renderMe(undefined, TAB);
    await rowOf('Kai "K" Lee');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));

    const text = await downloads.text();
    expect(downloads.names).toEqual([csvFileName('user-interest-signups')]);
    expect(text.split('\r\n')).toEqual([
      'Name,Email,Current situation,School,Studying field,Graduation year,Open to student mentorship,Job title,Company,Work city,Open to mentoring,Studied field,Current city,Actively applying,Current focus,Referral source,Referral source (other),Motivation,Newsletter,Newsletter signed up at,Created,ID',
      '"Kai ""K"" Lee",s3@example.com,Other,,,,,,,,,,Oslo,,Writing,A friend,,"Focus,\nand calm.",Not Confirmed,,2026-11-13T09:00:00.000Z,s3',
      `Ines Duarte,s1@example.com,In college,Lisbon University,Design,2027,Yes,,,,,,,,,Other,A podcast,${longMotivation},Not Confirmed,,2026-11-12T09:00:00.000Z,s1`,
      'Jon Park,s2@example.com,Currently working,,,,,Nurse,City Hospital,Leeds,No,,,,,A friend,,A steadier rhythm.,Subscribed,2026-11-11T10:00:00.000Z,2026-11-11T09:00:00.000Z,s2',
      '',
    ]);
  });

  it('says when there is no sign-up yet', async () => {
    mockAdmin({ listUserInterest: () => [] });
    renderMe(undefined, TAB);
    expect(await screen.findByText(/No user interest sign-ups yet/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Export CSV' })).not.toBeInTheDocument();
  });

  it('shows "Error loading user interests" with a retry when the list fails', async () => {
    let failing = true;
    mockAdmin({ listUserInterest: () => (failing ? fail(500, { code: 'INTERNAL_ERROR', message: 'down' }) : sampleSignups) });
    const user = userEvent.setup();
    renderMe(undefined, TAB);
    expect((await screen.findByText('Error loading user interests')).closest('[role="alert"]')).not.toBeNull();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await rowOf('Ines Duarte')).toBeInTheDocument();
  });
});
