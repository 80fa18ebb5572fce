import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setSession } from '@/lib/auth-session.ts';
import { type ApiMocks, callsTo, fail, mockApi, when } from '@/test/mock-api.ts';
import { testConfig, testUser } from '@/test/fixtures.ts';
import { renderRoutes } from '@/test/render.tsx';
import { agentTools, builderEndpoints, builderModels, testAgent, userRole } from '../test/agent-fixtures.ts';
import { Component as AgentsRoute } from './agents-route.tsx';

const mine = testAgent();
const shared = testAgent({ id: 'agent_shared123', name: 'Travel planner', description: '', author: 'u2', authorName: 'Grace Hopper', projectIds: ['global'] });

function renderBuilder(path: string, routes: ApiMocks = {}, agents = { USE: true, CREATE: true, SHARED_GLOBAL: false }) {
  setSession('tok', testUser, { broadcast: false });
  const fetchSpy = mockApi({
    getConfig: testConfig(),
    ...userRole(agents),
    listAgents: { agents: [mine, shared], nextCursor: null },
    getAgent: [when({ id: 'agent_tutor123' }, mine), when({ id: 'agent_shared123' }, shared)],
    listAgentTools: agentTools,
    listAgentActions: [],
    listEndpoints: builderEndpoints,
    listModels: builderModels,
    ...routes,
  });
  const view = renderRoutes([{ path: '/agents/:agentId?', element: <AgentsRoute /> }, { path: '/c/new', element: <p>new chat page</p> }], path);
  return { ...view, fetchSpy };
}

const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as Record<string, unknown>;

describe('agent builder', () => {
  it('lists her own agents and those shared with everyone, with a way to create one', async () => {
    renderBuilder('/agents');
    const list = await screen.findByRole('navigation', { name: 'Your agents' });
    expect(within(list).getByRole('link', { name: /Maths tutor/ })).toHaveAttribute('href', '/agents/agent_tutor123');
    expect(within(list).getByRole('link', { name: /Travel planner.*By Grace Hopper/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New agent' })).toBeInTheDocument();
  });

  it('adds no main landmark of its own: the shell around every page already is the main', async () => {
    renderBuilder('/agents/agent_tutor123');
    await screen.findByRole('navigation', { name: 'Your agents' });
    expect(await screen.findByRole('form', { name: /Maths tutor/ })).toBeInTheDocument();
    expect(screen.queryByRole('main')).toBeNull();
  });

  it('hides creating without AGENTS/CREATE, and the whole builder without AGENTS/USE', async () => {
    const { unmount } = renderBuilder('/agents', {}, { USE: true, CREATE: false, SHARED_GLOBAL: false });
    await screen.findByRole('navigation', { name: 'Your agents' });
    expect(screen.queryByRole('link', { name: 'New agent' })).not.toBeInTheDocument();
    unmount();
    renderBuilder('/agents', {}, { USE: false, CREATE: true, SHARED_GLOBAL: false });
    expect(await screen.findByText('Agents are not available to your account.')).toBeInTheDocument();
  });

  it('creates an agent with the code runner and up to four conversation starters', async () => {
    const created = testAgent({ id: 'agent_new12345', name: 'Data helper' });
    const { fetchSpy, router } = renderBuilder('/agents/new', { createAgent: created, getAgent: when({ id: 'agent_new12345' }, created) });
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'New agent' });
    await user.type(within(form).getByLabelText('Name'), 'Data helper');
    await user.type(within(form).getByLabelText('Instructions'), 'Use code.');
    expect(within(form).getByLabelText('Provider')).toHaveValue('openAI');
    await user.click(await within(form).findByRole('checkbox', { name: /Code runner/ }));
    for (let i = 0; i < 4; i += 1) await user.click(within(form).getByRole('button', { name: 'Add a starter' }));
    expect(within(form).getByRole('button', { name: 'At most 4 starters' })).toBeDisabled();
    await user.type(within(form).getByLabelText('Conversation starter 1'), 'Sum it');
    expect(within(form).queryByText('Share with everyone')).not.toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Create agent' }));

    await waitFor(() => expect(callsTo(fetchSpy, 'createAgent')).toHaveLength(1));
    const body = bodyOf(callsTo(fetchSpy, 'createAgent')[0]);
    expect(body).toMatchObject({ name: 'Data helper', instructions: 'Use code.', provider: 'openAI', model: 'gpt-4o-mini', tools: ['execute_code'], conversation_starters: ['Sum it'], recursion_limit: 25 });
    // Without SHARED_GLOBAL the sharing is not sent at all.
    expect(body).not.toHaveProperty('projectIds');
    await waitFor(() => expect(router.state.location.pathname).toBe('/agents/agent_new12345'));
  }, 15_000);

  it('says what is missing before saving: a name, and a recursion limit within 1 to 100', async () => {
    const { fetchSpy } = renderBuilder('/agents/new');
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'New agent' });
    const limit = within(form).getByLabelText('Recursion limit');
    await user.clear(limit);
    await user.type(limit, '101');
    await user.click(within(form).getByRole('button', { name: 'Create agent' }));
    expect(within(form).getByLabelText('Name')).toHaveAccessibleDescription('Give the agent a name');
    expect(limit).toHaveAccessibleDescription('Choose a whole number from 1 to 100');
    expect(callsTo(fetchSpy, 'createAgent')).toHaveLength(0);
  });

  it('shows the server’s refusal beside the field it names', async () => {
    const refusal = fail(400, { code: 'VALIDATION_ERROR', message: 'At most 4 conversation starters', field: 'conversation_starters', issues: [{ field: 'conversation_starters', message: 'At most 4 conversation starters' }] });
    renderBuilder('/agents/agent_tutor123', { updateAgent: when({ id: 'agent_tutor123' }, refusal) });
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Edit Maths tutor' });
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await within(form).findByText('At most 4 conversation starters')).toBeInTheDocument();
  });

  it('offers sharing with everyone only with AGENTS/SHARED_GLOBAL, and sends it', async () => {
    const { fetchSpy } = renderBuilder('/agents/agent_tutor123', { updateAgent: when({ id: 'agent_tutor123' }, testAgent({ projectIds: ['global'] })) }, { USE: true, CREATE: true, SHARED_GLOBAL: true });
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Edit Maths tutor' });
    await user.click(within(form).getByRole('checkbox', { name: /Share with everyone/ }));
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(callsTo(fetchSpy, 'updateAgent', { id: 'agent_tutor123' })).toHaveLength(1));
    expect(bodyOf(callsTo(fetchSpy, 'updateAgent', { id: 'agent_tutor123' })[0])).toMatchObject({ projectIds: ['global'], isCollaborative: false });
    expect(await within(form).findByText('All changes saved')).toBeInTheDocument();
  });

  it('shows someone else’s shared agent without a form, with a chat to start', async () => {
    renderBuilder('/agents/agent_shared123');
    expect(await screen.findByText('Only its author can change this agent.')).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start a chat' })).toHaveAttribute('href', '/c/new?agent_id=agent_shared123');
  });
});
