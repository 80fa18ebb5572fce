import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail } from '@/test/mock-api.ts';
import { testUser } from '@/test/fixtures.ts';
import { mockAdmin, renderMe } from '../test/admin-test-kit.tsx';

describe('the /me page', () => {
  it('shows a member their own profile and no admin tabs, without calling an admin route', async () => {
    const fetchSpy = mockAdmin();
    renderMe({ ...testUser, role: 'USER' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Me' })).toBeInTheDocument();
    expect(screen.getAllByText('Ada Lovelace').length).toBeGreaterThan(0);
    expect(screen.getAllByText('ada@example.com').length).toBeGreaterThan(0);
    expect(screen.getByText('Member')).toBeInTheDocument();
    expect(screen.getByText('Jan 1, 2026')).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(screen.queryByText('Admin Panel')).not.toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('shows a mentor the profile too: only admins get the panel', async () => {
    mockAdmin();
    renderMe({ ...testUser, role: 'MENTOR' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Me' })).toBeInTheDocument();
    expect(screen.getByText('Mentor')).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
  });

  it('shows an admin the Admin Panel with Platform Users selected first', async () => {
    mockAdmin();
    renderMe();
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Panel' })).toBeInTheDocument();
    const tabs = within(screen.getByRole('tablist')).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Platform Users', 'User Interest Signups', 'Mentor Signups', 'Interview Answers', 'Access Codes', 'Banners', 'Roles']);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('tabpanel')).toHaveAccessibleName('Platform Users');
    expect(await screen.findByRole('region', { name: 'Platform users' })).toBeInTheDocument();
  });

  it('moves between tabs with the arrow keys and keeps the tab in the address', async () => {
    mockAdmin();
    const user = userEvent.setup();
    const { router } = renderMe(undefined, '/me?tab=mentorSignups');
    const first = await screen.findByRole('tab', { name: 'Mentor Signups' });
    first.focus();
    await user.keyboard('{ArrowRight}');

    const second = screen.getByRole('tab', { name: 'Interview Answers' });
    expect(second).toHaveFocus();
    expect(second).toHaveAttribute('aria-selected', 'true');
    expect(router.state.location.search).toBe('?tab=interviewAnswers');
    expect(await screen.findByRole('region', { name: 'Interview answers' })).toBeInTheDocument();

    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'Platform Users' })).toHaveFocus();
    expect(router.state.location.search).toBe('?tab=platformUsers');
  });

  it('opens the mentor tabs from the addresses they had before they were named by what they hold', async () => {
    mockAdmin();
    renderMe(undefined, '/me?tab=mentorAnswers');
    expect(await screen.findByRole('tab', { name: 'Mentor Signups', selected: true })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Mentor sign-ups' })).toBeInTheDocument();
  });

  it('explains a 403 instead of showing a table when the server refuses the admin calls', async () => {
    mockAdmin({ listUsers: () => fail(403, { code: 'FORBIDDEN', message: 'Forbidden' }) });
    renderMe();
    expect((await screen.findByText(/Only administrators can see this/)).closest('[role="alert"]')).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });
});
