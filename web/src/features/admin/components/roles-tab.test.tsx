import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { roleKeys } from '@/lib/permissions.ts';
import { callsTo, fail, when } from '@/test/mock-api.ts';
import { roleInfo, roleRoutes } from '@/test/roles.ts';
import { bodyOf, mockAdmin, renderMe } from '../test/admin-test-kit.tsx';

const openTab = () => renderMe(undefined, '/me?tab=roles');
const card = (name: string) => screen.getByRole('listitem', { name });

describe('the Roles tab', () => {
  it("shows each role's prompt and agent permissions as switches", async () => {
    mockAdmin(roleRoutes({ MENTOR: roleInfo('MENTOR', { AGENTS: { CREATE: false } }) }));
    openTab();
    expect(await screen.findByRole('tab', { name: 'Roles', selected: true })).toBeInTheDocument();
    const members = await screen.findByRole('switch', { name: 'Members: Prompts: Use' });
    expect(members).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('switch', { name: 'Members: Prompts: Share with everyone' })).toHaveAttribute('aria-checked', 'false');
    expect(await screen.findByRole('switch', { name: 'Admins: Agents: Share with everyone' })).toHaveAttribute('aria-checked', 'true');
    expect(await screen.findByRole('switch', { name: 'Mentors: Agents: Create' })).toHaveAttribute('aria-checked', 'false');
    expect(within(card('Mentors')).getAllByRole('switch')).toHaveLength(6);
    const headings = within(screen.getByRole('list', { name: 'Roles' })).getAllByRole('heading', { level: 2 });
    expect(headings.map((heading) => heading.textContent)).toEqual(['Admins', 'Members', 'Mentors']);
  });

  it('saves a switch through its feature’s route, sending only that permission, and says so', async () => {
    const spy = mockAdmin({ ...roleRoutes(), updateRoleAgents: when({ role: 'USER' }, roleInfo('USER', { AGENTS: { CREATE: false } })) });
    const { queryClient } = openTab();
    const create = await screen.findByRole('switch', { name: 'Members: Agents: Create' });
    await userEvent.click(create);
    await waitFor(() => expect(callsTo(spy, 'updateRoleAgents', { role: 'USER' })).toHaveLength(1));
    expect(bodyOf(callsTo(spy, 'updateRoleAgents', { role: 'USER' })[0]!)).toEqual({ CREATE: false });
    expect(await screen.findByText('Members: Agents permissions saved')).toBeInTheDocument();
    expect(create).toHaveAttribute('aria-checked', 'false');
    expect(queryClient.getQueryData<{ permissions: { AGENTS: { CREATE: boolean } } }>(roleKeys.detail('USER'))?.permissions.AGENTS.CREATE).toBe(false);
  });

  it('puts the switch back and shows the reason when the server refuses', async () => {
    mockAdmin({ ...roleRoutes(), updateRolePrompts: when({ role: 'MENTOR' }, fail(403, { code: 'FORBIDDEN', message: 'Forbidden' })) });
    openTab();
    const share = await screen.findByRole('switch', { name: 'Mentors: Prompts: Share with everyone' });
    await userEvent.click(share);
    expect(await screen.findByText('Could not save the permissions: Forbidden')).toBeInTheDocument();
    await waitFor(() => expect(share).toHaveAttribute('aria-checked', 'false'));
  });
});
