import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, fail, held, raw, when } from '@/test/mock-api.ts';
import { bodyOf, mentor, mockAdmin, renderMe, sampleMentors } from '../test/admin-test-kit.tsx';

const TOKEN = 'Q'.repeat(8) + 'r'.repeat(56);

async function rowOf(name: string) {
  const header = await screen.findByRole('rowheader', { name });
  return header.closest('tr') as HTMLElement;
}

describe('the Mentor Signups tab', () => {
  it('lists every sign-up with its profile, answered stages and the extra fields', async () => {
    mockAdmin();
    renderMe(undefined, '/me?tab=mentorSignups');
    const row = await rowOf('Bruno Silva');
    expect(within(row).getByText('m2@example.com')).toBeInTheDocument();
    expect(within(row).getByText('Engineering Manager')).toBeInTheDocument();
    expect(within(row).getByText('Technology')).toBeInTheDocument();
    expect(within(row).getByText('Nov 2, 2026')).toBeInTheDocument();
    expect(within(row).getByText('2/6')).toBeInTheDocument();
    expect(screen.getByText('4 mentors')).toBeInTheDocument();
    // Extra columns: fields outside the fixed set; the hidden and elsewhere-shown ones are not among them.
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual(expect.arrayContaining(['Updated', 'Link created', 'Completed']));
    expect(headers).not.toContain('Access token prefix');
    expect(headers).not.toContain('Insights');
    expect(within(row).getByText('Nov 3, 2026')).toBeInTheDocument();
  });

  it('shows a field the server adds as its own column, arrays joined with commas', async () => {
    // Beyond today's schema on purpose (raw skips its check): the table shows any field a later API adds, never a secret one.
    mockAdmin({ listMentorInterest: raw(Response.json([{ ...mentor({ _id: 'm9', firstName: 'Eve' }), expertiseAreas: ['Hiring', 'Scaling'], __v: 0, accessToken: 'secret' }])) });
    renderMe(undefined, '/me?tab=mentorSignups');
    const row = await rowOf('Eve Okafor');
    expect(screen.getByRole('columnheader', { name: 'Expertise areas' })).toBeInTheDocument();
    expect(within(row).getByText('Hiring, Scaling')).toBeInTheDocument();
    expect(screen.queryByText('secret')).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'V' })).not.toBeInTheDocument();
  });

  it('marks a sign-up whose e-mail signed up before as a repeat of the first, and adds no column for it', async () => {
    const first = mentor({ _id: 'm1', firstName: 'Grace', email: 'grace@example.com', accessTokenPrefix: 'QQQQQQQQ' });
    const repeat = mentor({ _id: 'm7', firstName: 'Mallory', email: 'grace@example.com', createdAt: '2026-11-05T09:00:00.000Z', repeatOf: 'm1' });
    mockAdmin({ listMentorInterest: () => [first, repeat] });
    renderMe(undefined, '/me?tab=mentorSignups');
    const row = (await screen.findByRole('rowheader', { name: /^Mallory Okafor/ })).closest('tr') as HTMLElement;
    expect(within(row).getByText('Repeat')).toBeInTheDocument();
    expect(within(row).getByText('Same e-mail as Grace Okafor, Nov 2, 2026')).toBeInTheDocument();
    expect(within(await rowOf('Grace Okafor')).queryByText('Repeat')).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Repeat of' })).not.toBeInTheDocument();
  });

  it('offers a link when there is none, the prefix and a new link while open, and a badge once closed', async () => {
    mockAdmin();
    renderMe(undefined, '/me?tab=mentorSignups');
    const pending = await rowOf('Amara Okafor');
    expect(within(pending).getByRole('button', { name: 'Generate link' })).toBeInTheDocument();

    const started = await rowOf('Bruno Silva');
    expect(within(started).getByText('Ab3dE5gH…')).toBeInTheDocument();
    expect(within(started).getByRole('button', { name: 'New link' })).toBeInTheDocument();

    const submitted = await rowOf('Chen Wei');
    expect(within(submitted).queryByText(/Zz9yX8wV/)).not.toBeInTheDocument();
    expect(within(submitted).queryByRole('button', { name: /link/i })).not.toBeInTheDocument();
    expect(within(submitted).getAllByText('Submitted').some((node) => node.tagName === 'SPAN')).toBe(true);

    const rejected = await rowOf('Dana Okafor');
    expect(within(rejected).queryByRole('button', { name: /link/i })).not.toBeInTheDocument();
    expect(within(rejected).getAllByText('Rejected').some((node) => node.tagName === 'SPAN')).toBe(true);
  });

  it('shows a generated link once, as a full address, and copies it', async () => {
    // The server's list follows the new token, as the real one does.
    let list = sampleMentors;
    const fetchSpy = mockAdmin({
      listMentorInterest: () => list,
      generateMentorToken: when({ id: 'm1' }, () => {
        list = list.map((row) => (row._id === 'm1' ? { ...row, accessTokenPrefix: TOKEN.slice(0, 8) } : row));
        return { accessToken: TOKEN, link: `/mentor-interview/${TOKEN}/start`, accessTokenPrefix: TOKEN.slice(0, 8) };
      }),
    });
    const user = userEvent.setup();
    renderMe(undefined, '/me?tab=mentorSignups');
    await user.click(within(await rowOf('Amara Okafor')).getByRole('button', { name: 'Generate link' }));

    const dialog = await screen.findByRole('dialog', { name: 'Interview link ready' });
    const url = `${window.location.origin}/mentor-interview/${TOKEN}/start`;
    expect(within(dialog).getByRole('textbox', { name: 'Interview link' })).toHaveValue(url);
    expect(within(dialog).getByRole('link', { name: 'Open in a new tab' })).toHaveAttribute('target', '_blank');
    expect(within(dialog).getByText(/shown only once/)).toBeInTheDocument();
    expect(callsTo(fetchSpy, 'generateMentorToken', { id: 'm1' })).toHaveLength(1);

    await user.click(within(dialog).getByRole('button', { name: 'Copy link' }));
    expect(await within(dialog).findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe(url);

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The row now shows the prefix, and the full link is nowhere on the page.
    const row = await rowOf('Amara Okafor');
    expect(within(row).getByText('QQQQQQQQ…')).toBeInTheDocument();
    expect(screen.queryByDisplayValue(url)).not.toBeInTheDocument();
  });

  it('asks before replacing a link, since the old one stops working', async () => {
    const fetchSpy = mockAdmin({
      generateMentorToken: when({ id: 'm2' }, () => ({ accessToken: TOKEN, link: `/mentor-interview/${TOKEN}/start`, accessTokenPrefix: TOKEN.slice(0, 8) })),
    });
    const user = userEvent.setup();
    renderMe(undefined, '/me?tab=mentorSignups');
    await user.click(within(await rowOf('Bruno Silva')).getByRole('button', { name: 'New link' }));
    const confirm = await screen.findByRole('dialog', { name: 'Replace the interview link?' });
    expect(confirm).toHaveTextContent('the old link stops working');
    expect(callsTo(fetchSpy, 'generateMentorToken', { id: 'm2' })).toHaveLength(0);

    await user.click(within(confirm).getByRole('button', { name: 'Generate new link' }));
    expect(await screen.findByRole('dialog', { name: 'Interview link ready' })).toBeInTheDocument();
    expect(callsTo(fetchSpy, 'generateMentorToken', { id: 'm2' })).toHaveLength(1);
  });

  it('says so when a link cannot be generated', async () => {
    mockAdmin({ generateMentorToken: when({ id: 'm1' }, () => fail(500, { code: 'INTERNAL_ERROR', message: 'boom' })) });
    const user = userEvent.setup();
    renderMe(undefined, '/me?tab=mentorSignups');
    await user.click(within(await rowOf('Amara Okafor')).getByRole('button', { name: 'Generate link' }));
    expect(await screen.findByText('Failed to generate access token')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('changes a status with a PATCH and keeps the new value', async () => {
    let list = sampleMentors;
    const fetchSpy = mockAdmin({
      listMentorInterest: () => list,
      updateMentorStatus: when({ id: 'm1' }, () => {
        list = list.map((row) => (row._id === 'm1' ? { ...row, status: 'rejected' as const } : row));
        return list[0]!;
      }),
    });
    const user = userEvent.setup();
    renderMe(undefined, '/me?tab=mentorSignups');
    const select = within(await rowOf('Amara Okafor')).getByRole('combobox', { name: 'Status of Amara Okafor' });
    await user.selectOptions(select, 'rejected');

    expect(select).toHaveValue('rejected');
    await waitFor(() => expect(callsTo(fetchSpy, 'updateMentorStatus', { id: 'm1' })).toHaveLength(1));
    expect(bodyOf(callsTo(fetchSpy, 'updateMentorStatus', { id: 'm1' })[0]!)).toEqual({ status: 'rejected' });
  });

  it('puts the old status back and alerts when the server refuses the change', async () => {
    const answerPatch = held<'updateMentorStatus'>();
    mockAdmin({ updateMentorStatus: when({ id: 'm1' }, answerPatch.handler) });
    const user = userEvent.setup();
    renderMe(undefined, '/me?tab=mentorSignups');
    const select = within(await rowOf('Amara Okafor')).getByRole('combobox', { name: 'Status of Amara Okafor' });
    await user.selectOptions(select, 'submitted');
    expect(select).toHaveValue('submitted');

    answerPatch.answer(fail(500, { code: 'INTERNAL_ERROR', message: 'nope' }));
    expect(await screen.findByText('Failed to update mentor status')).toBeInTheDocument();
    await waitFor(() => expect(select).toHaveValue('pending'));
  });

  it('says when there is no sign-up yet', async () => {
    mockAdmin({ listMentorInterest: () => [] });
    renderMe(undefined, '/me?tab=mentorSignups');
    expect(await screen.findByText('No mentor sign-ups found.')).toBeInTheDocument();
  });

  it('shows the spec message and a retry when the list fails', async () => {
    let failing = true;
    mockAdmin({ listMentorInterest: () => (failing ? fail(500, { code: 'INTERNAL_ERROR', message: 'down' }) : sampleMentors) });
    const user = userEvent.setup();
    renderMe(undefined, '/me?tab=mentorSignups');
    expect((await screen.findByText('Failed to fetch mentor sign-ups')).closest('[role="alert"]')).not.toBeNull();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await rowOf('Amara Okafor')).toBeInTheDocument();
  });
});
