import type { AdminBanner } from '@meld/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { configKeys } from '@/lib/config-queries.ts';
import { callsTo, fail, reply, when } from '@/test/mock-api.ts';
import { bodyOf, mockAdmin, renderMe } from '../test/admin-test-kit.tsx';

const hours = (n: number) => new Date(Date.now() + n * 3_600_000).toISOString();

function banner(bannerId: string, overrides: Partial<AdminBanner> = {}): AdminBanner {
  return { bannerId, message: `<p>${bannerId}</p>`, displayFrom: hours(-1), displayTo: null, isPublic: false, createdAt: hours(-2), updatedAt: hours(-2), ...overrides };
}

const scheduled = banner('b-scheduled', { message: '<p>Maintenance <strong>Sunday</strong></p>', displayFrom: hours(48), displayTo: hours(50), isPublic: true });
const live = banner('b-live', { message: 'Welcome<script>window.pwned = true</script><img src="x" onerror="window.pwned = true"> <a href="javascript:alert(1)">bad</a>' });
const ended = banner('b-ended', { message: '<p>Old news</p>', displayFrom: hours(-72), displayTo: hours(-48) });

const items = () => within(screen.getByRole('list', { name: 'Banners' })).getAllByRole('listitem');
const openTab = () => renderMe(undefined, '/me?tab=banners');

describe('the Banners tab', () => {
  it('lists each banner with its status, audience, window and message rendered without unsafe markup', async () => {
    mockAdmin({ listBanners: () => [scheduled, live, ended] });
    openTab();

    expect(await screen.findByText('3 banners')).toBeInTheDocument();
    const [first, second, third] = items();
    expect(within(first!).getByText('Scheduled')).toBeInTheDocument();
    expect(within(first!).getByText('Public')).toBeInTheDocument();
    expect(within(first!).getByText(/^From .+ · until .+$/)).toBeInTheDocument();
    expect(within(first!).getByText('Sunday').tagName).toBe('STRONG');
    expect(within(second!).getByText('Live')).toBeInTheDocument();
    expect(within(second!).getByText('Members only')).toBeInTheDocument();
    expect(within(second!).getByText(/^From .+ · no end date$/)).toBeInTheDocument();
    expect(second!.innerHTML).not.toContain('<script');
    expect(second!.innerHTML).not.toContain('onerror');
    expect(second!.innerHTML).not.toContain('javascript:');
    expect((window as { pwned?: boolean }).pwned).toBeUndefined();
    expect(within(third!).getByText('Ended')).toBeInTheDocument();
  });

  it('says when there is no banner yet, and offers a retry when the list cannot be read', async () => {
    mockAdmin({ listBanners: () => [] });
    const { unmount } = openTab();
    expect(await screen.findByText(/No banners yet/)).toBeInTheDocument();
    unmount();

    mockAdmin({ listBanners: () => fail(500, { code: 'INTERNAL_ERROR', message: 'down' }) });
    openTab();
    expect(await screen.findByText('Failed to fetch banners')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('schedules a public banner from the form, previewing the message, and refreshes the banner bar too', async () => {
    let list: AdminBanner[] = [];
    const fetchSpy = mockAdmin({
      listBanners: () => list,
      createBanner: ({ init }) => {
        const body = bodyOf(init) as AdminBanner;
        const created = banner('b-new', { ...body, createdAt: hours(0), updatedAt: hours(0) });
        list = [created];
        return reply(created, 201);
      },
    });
    const user = userEvent.setup();
    const { queryClient } = openTab();
    queryClient.setQueryData(configKeys.banner('public'), null);
    await screen.findByText(/No banners yet/);

    await user.click(screen.getByRole('button', { name: 'New banner' }));
    const form = screen.getByRole('form', { name: 'New banner' });
    await user.type(within(form).getByLabelText('Message'), '<p>Pilot opens <em>Monday</em></p>');
    const preview = within(form).getByRole('region', { name: 'Preview' });
    await waitFor(() => expect(within(preview).getByText('Monday').tagName).toBe('EM'));
    fireEvent.change(within(form).getByLabelText('Show from'), { target: { value: '2026-12-01T09:30' } });
    fireEvent.change(within(form).getByLabelText(/Show until/), { target: { value: '2026-12-08T18:00' } });
    await user.click(within(form).getByRole('checkbox', { name: /Show on sign-in pages/ }));
    await user.click(within(form).getByRole('button', { name: 'Save banner' }));

    await waitFor(() => expect(callsTo(fetchSpy, 'createBanner')).toHaveLength(1));
    expect(bodyOf(callsTo(fetchSpy, 'createBanner')[0]!)).toEqual({
      message: '<p>Pilot opens <em>Monday</em></p>',
      displayFrom: new Date('2026-12-01T09:30').toISOString(),
      displayTo: new Date('2026-12-08T18:00').toISOString(),
      isPublic: true,
    });
    expect(await screen.findByText('Banner saved')).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(within(items()[0]!).getByText('Public')).toBeInTheDocument();
    expect(queryClient.getQueryState(configKeys.banner('public'))?.isInvalidated).toBe(true);
  });

  it('shows the server’s refusal by the field it names and keeps the form open', async () => {
    mockAdmin({
      listBanners: () => [],
      createBanner: () => fail(400, { code: 'VALIDATION_ERROR', message: 'The banner must end after it starts', field: 'displayTo' }),
    });
    const user = userEvent.setup();
    openTab();
    await user.click(await screen.findByRole('button', { name: 'New banner' }));
    const form = screen.getByRole('form', { name: 'New banner' });
    await user.type(within(form).getByLabelText('Message'), 'Soon');
    fireEvent.change(within(form).getByLabelText(/Show until/), { target: { value: '2020-01-01T00:00' } });
    await user.click(within(form).getByRole('button', { name: 'Save banner' }));

    const until = within(form).getByLabelText(/Show until/);
    await waitFor(() => expect(until).toHaveAccessibleDescription('The banner must end after it starts'));
    expect(until).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByLabelText('Message')).not.toHaveAttribute('aria-invalid');
  });

  it('edits a banner in place: the form opens with its values and saves with PUT', async () => {
    let list = [live];
    const fetchSpy = mockAdmin({
      listBanners: () => list,
      updateBanner: when({ bannerId: 'b-live' }, ({ init }) => {
        list = [{ ...live, ...(bodyOf(init) as Partial<AdminBanner>), updatedAt: hours(0) }];
        return list[0]!;
      }),
    });
    const user = userEvent.setup();
    openTab();
    await user.click(await screen.findByRole('button', { name: /^Edit the banner starting/ }));
    const form = screen.getByRole('form', { name: 'Edit banner' });
    const message = within(form).getByLabelText('Message');
    expect(message).toHaveValue(live.message);
    expect(within(form).getByRole('checkbox', { name: /Show on sign-in pages/ })).not.toBeChecked();
    await user.clear(message);
    await user.type(message, 'Welcome back');
    await user.click(within(form).getByRole('button', { name: 'Save banner' }));

    await waitFor(() => expect(callsTo(fetchSpy, 'updateBanner', { bannerId: 'b-live' })).toHaveLength(1));
    const sent = bodyOf(callsTo(fetchSpy, 'updateBanner', { bannerId: 'b-live' })[0]!) as Record<string, unknown>;
    expect(sent).toMatchObject({ message: 'Welcome back', displayTo: null, isPublic: false });
    // The start comes back as shown, to the minute, in the admin's time.
    expect(sent.displayFrom).toBe(new Date(Math.floor(Date.parse(live.displayFrom) / 60_000) * 60_000).toISOString());
    expect(await screen.findByText('Banner updated')).toBeInTheDocument();
    expect(await screen.findByText('Welcome back')).toBeInTheDocument();
  });

  it('deletes a banner only after the confirmation', async () => {
    let list = [scheduled, live];
    const fetchSpy = mockAdmin({
      listBanners: () => list,
      deleteBanner: when({ bannerId: 'b-scheduled' }, () => {
        list = [live];
        return { ok: true };
      }),
    });
    const user = userEvent.setup();
    openTab();
    await screen.findByText('2 banners');
    await user.click(within(items()[0]!).getByRole('button', { name: /^Delete the banner starting/ }));

    const dialog = await screen.findByRole('dialog', { name: 'Delete this banner?' });
    expect(callsTo(fetchSpy, 'deleteBanner', { bannerId: 'b-scheduled' })).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete banner' }));

    await waitFor(() => expect(screen.queryByText('Sunday')).not.toBeInTheDocument());
    expect(callsTo(fetchSpy, 'deleteBanner', { bannerId: 'b-scheduled' })).toHaveLength(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByText('Banner deleted')).toBeInTheDocument();
    expect(screen.getByText('1 banner')).toBeInTheDocument();
  });
});
