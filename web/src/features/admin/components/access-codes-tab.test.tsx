import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AccessCode } from '@meld/shared';
import { describe, expect, it } from 'vitest';
import { callsTo, fail, reply, when } from '@/test/mock-api.ts';
import { bodyOf, mockAdmin, renderMe } from '../test/admin-test-kit.tsx';
import { accessCode, sampleCodes } from '../test/signups-test-kit.ts';

const TAB = '/me?tab=accessCodes';

async function rowOf(code: string) {
  const header = await screen.findByRole('rowheader', { name: code });
  return header.closest('tr') as HTMLElement;
}

function form() {
  return screen.getByRole('form', { name: 'Create an access code' });
}

describe('the Access Codes tab', () => {
  it('lists every code with its status, uses against the cap, expiry and creation day', async () => {
    mockAdmin({ listAccessCodes: () => sampleCodes });
    renderMe(undefined, TAB);

    const spring = await rowOf('PILOT-SPRING');
    expect(within(spring).getByText('Active')).toBeInTheDocument();
    expect(within(spring).getByText('3 / 10')).toBeInTheDocument();
    expect(within(spring).getByText(/Dec 31, 2026/)).toBeInTheDocument();
    expect(within(spring).getByText('Nov 5, 2026')).toBeInTheDocument();

    const open = await rowOf('PILOT-OPEN');
    expect(within(open).getByText('12 / unlimited')).toBeInTheDocument();
    expect(within(open).getByText('Never')).toBeInTheDocument();

    const old = await rowOf('PILOT-OLD');
    expect(within(old).getByText('Revoked')).toBeInTheDocument();
    expect(within(old).getByText('Revoked Nov 3, 2026')).toBeInTheDocument();
    expect(within(await rowOf('PILOT-FULL')).getByText('Used up')).toBeInTheDocument();
    expect(screen.getByText('4 codes')).toBeInTheDocument();

    // Only active codes can be revoked.
    expect(within(spring).getByRole('button', { name: 'Revoke PILOT-SPRING' })).toBeInTheDocument();
    expect(within(old).queryByRole('button', { name: /Revoke/ })).not.toBeInTheDocument();
    expect(within(await rowOf('PILOT-FULL')).queryByRole('button', { name: /Revoke/ })).not.toBeInTheDocument();
  });

  it('creates a code with no field filled: the server generates it, and it is shown with a copy button and listed', async () => {
    let list = sampleCodes;
    const generated = accessCode({ code: 'PILOT-7KQ2MX', createdAt: '2026-11-20T09:00:00.000Z' });
    const fetchSpy = mockAdmin({
      listAccessCodes: () => list,
      createAccessCode: () => {
        list = [generated, ...list];
        return reply(generated, 201);
      },
    });
    const user = userEvent.setup();
    renderMe(undefined, TAB);
    await rowOf('PILOT-SPRING');
    await user.click(within(form()).getByRole('button', { name: 'Create code' }));

    const created = await screen.findByRole('status', { name: 'Code created' });
    expect(within(created).getByText('PILOT-7KQ2MX')).toBeInTheDocument();
    expect(bodyOf(callsTo(fetchSpy, 'createAccessCode')[0]!)).toEqual({ maxUses: null, expiresAt: null });
    expect(await rowOf('PILOT-7KQ2MX')).toBeInTheDocument();

    await user.click(within(created).getByRole('button', { name: 'Copy code' }));
    expect(await within(created).findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe('PILOT-7KQ2MX');
    await user.click(within(created).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('status', { name: 'Code created' })).not.toBeInTheDocument();
  });

  it('sends the admin’s own code upper-cased as typed, the usage cap and the expiry as an ISO instant, then clears the form', async () => {
    let list: AccessCode[] = [];
    const fetchSpy = mockAdmin({
      listAccessCodes: () => list,
      createAccessCode: ({ init }) => {
        const body = bodyOf(init) as { code: string; maxUses: number; expiresAt: string };
        list = [accessCode({ code: body.code, maxUses: body.maxUses, expiresAt: body.expiresAt })];
        return reply(list[0], 201);
      },
    });
    const user = userEvent.setup();
    renderMe(undefined, TAB);
    expect(await screen.findByText(/No access codes yet/)).toBeInTheDocument();

    const code = within(form()).getByRole('textbox', { name: /Code/ });
    await user.type(code, 'spring-cohort');
    expect(code).toHaveValue('SPRING-COHORT');
    await user.type(within(form()).getByRole('spinbutton', { name: /Usage cap/ }), '25');
    fireEvent.change(within(form()).getByLabelText(/Expires/), { target: { value: '2030-03-01T18:30' } });
    await user.click(within(form()).getByRole('button', { name: 'Create code' }));

    expect(await screen.findByRole('status', { name: 'Code created' })).toHaveTextContent('SPRING-COHORT');
    expect(bodyOf(callsTo(fetchSpy, 'createAccessCode')[0]!)).toEqual({
      code: 'SPRING-COHORT',
      maxUses: 25,
      expiresAt: new Date(2030, 2, 1, 18, 30).toISOString(),
    });
    expect(code).toHaveValue('');
    expect(await rowOf('SPRING-COHORT')).toBeInTheDocument();
  });

  it('shows a taken code (409) on the code field and keeps what was typed', async () => {
    mockAdmin({
      listAccessCodes: () => sampleCodes,
      createAccessCode: () => fail(409, { code: 'CONFLICT', message: 'An access code with this name already exists', field: 'code' }),
    });
    const user = userEvent.setup();
    renderMe(undefined, TAB);
    await rowOf('PILOT-OPEN');
    const code = within(form()).getByRole('textbox', { name: /Code/ });
    await user.type(code, 'pilot-open');
    await user.click(within(form()).getByRole('button', { name: 'Create code' }));

    await waitFor(() => expect(code).toHaveAccessibleDescription(/An access code with this name already exists/));
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(code).toHaveValue('PILOT-OPEN');
    expect(screen.queryByRole('status', { name: 'Code created' })).not.toBeInTheDocument();

    // Editing the code clears the refusal.
    await user.type(code, '2');
    expect(code).not.toHaveAttribute('aria-invalid');
  });

  it('catches a malformed code, a bad cap and a past expiry before asking the server', async () => {
    const fetchSpy = mockAdmin({ listAccessCodes: () => sampleCodes });
    const user = userEvent.setup();
    renderMe(undefined, TAB);
    await rowOf('PILOT-OPEN');
    await user.type(within(form()).getByRole('textbox', { name: /Code/ }), 'ab!');
    await user.type(within(form()).getByRole('spinbutton', { name: /Usage cap/ }), '0');
    fireEvent.change(within(form()).getByLabelText(/Expires/), { target: { value: '2020-01-01T09:00' } });
    await user.click(within(form()).getByRole('button', { name: 'Create code' }));

    expect(within(form()).getByRole('textbox', { name: /Code/ })).toHaveAccessibleDescription(/4 to 32 letters, digits or dashes/);
    expect(within(form()).getByRole('spinbutton', { name: /Usage cap/ })).toHaveAccessibleDescription('Enter a whole number from 1 to 100,000.');
    expect(within(form()).getByLabelText(/Expires/)).toHaveAccessibleDescription('Choose a time in the future.');
    expect(callsTo(fetchSpy, 'createAccessCode')).toHaveLength(0);
  });

  it('says so above the button when the server fails for another reason', async () => {
    mockAdmin({ listAccessCodes: () => sampleCodes, createAccessCode: () => fail(500, { code: 'INTERNAL_ERROR', message: 'boom' }) });
    const user = userEvent.setup();
    renderMe(undefined, TAB);
    await rowOf('PILOT-OPEN');
    await user.click(within(form()).getByRole('button', { name: 'Create code' }));
    expect(await within(form()).findByRole('alert')).toHaveTextContent('Failed to create the access code');
  });

  it('revokes an active code after confirmation; the row keeps its uses and shows Revoked', async () => {
    let list = sampleCodes;
    const fetchSpy = mockAdmin({
      listAccessCodes: () => list,
      revokeAccessCode: when({ code: 'PILOT-SPRING' }, () => {
        list = list.map((row) => (row.code === 'PILOT-SPRING' ? { ...row, status: 'revoked' as const, revokedAt: '2026-11-21T09:00:00.000Z' } : row));
        return list[0]!;
      }),
    });
    const user = userEvent.setup();
    renderMe(undefined, TAB);
    const row = await rowOf('PILOT-SPRING');
    await user.click(within(row).getByRole('button', { name: 'Revoke PILOT-SPRING' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke PILOT-SPRING?' });
    expect(dialog).toHaveTextContent('No one can register with this code any more');
    expect(callsTo(fetchSpy, 'revokeAccessCode', { code: 'PILOT-SPRING' })).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Revoke code' }));
    await waitFor(() => expect(within(row).getByText('Revoked')).toBeInTheDocument());
    expect(within(row).getByText('3 / 10')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /Revoke/ })).not.toBeInTheDocument();
    expect(callsTo(fetchSpy, 'revokeAccessCode', { code: 'PILOT-SPRING' })).toHaveLength(1);
  });

  it('alerts when a revoke fails and leaves the code active', async () => {
    mockAdmin({ listAccessCodes: () => sampleCodes, revokeAccessCode: when({ code: 'PILOT-OPEN' }, () => fail(500, { code: 'INTERNAL_ERROR', message: 'down' })) });
    const user = userEvent.setup();
    renderMe(undefined, TAB);
    const row = await rowOf('PILOT-OPEN');
    await user.click(within(row).getByRole('button', { name: 'Revoke PILOT-OPEN' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revoke code' }));
    expect(await screen.findByText('Failed to revoke the access code')).toBeInTheDocument();
    expect(within(row).getByText('Active')).toBeInTheDocument();
  });

  it('shows "Error loading access codes" with a retry, and still offers the form', async () => {
    mockAdmin({ listAccessCodes: () => fail(500, { code: 'INTERNAL_ERROR', message: 'down' }) });
    renderMe(undefined, TAB);
    expect((await screen.findByText('Error loading access codes')).closest('[role="alert"]')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(form()).toBeInTheDocument();
  });
});
