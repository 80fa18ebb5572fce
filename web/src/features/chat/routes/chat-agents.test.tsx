import type { Agent } from '@meld/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { testMessage } from '@/components/messages/test-messages.ts';
import { setSession } from '@/lib/auth-session.ts';
import { defaultPermissions } from '@meld/shared';
import { type ApiMocks, callsTo, mockApi, when } from '@/test/mock-api.ts';
import { testConfig, testUser } from '@/test/fixtures.ts';
import { renderRoutes } from '@/test/render.tsx';
import { resetStreamForTests } from '../lib/stream-store.ts';
import { bodyOf, demoEndpoints, demoModels, sseStream, testConvo } from '../test/chat-fixtures.tsx';
import { expectModel, openModelPicker } from '../components/composer/composer-test-kit.tsx';
import { Component as ChatRoute } from './chat-route.tsx';

afterEach(() => resetStreamForTests());

const at = '2026-01-01T00:00:00.000Z';
const tutor: Agent = {
  id: 'agent_tutor123',
  name: 'Maths tutor',
  description: 'Works problems through with code',
  instructions: '',
  provider: 'openAI',
  model: 'gpt-4o-mini',
  model_parameters: {},
  tools: ['execute_code'],
  actions: [],
  conversation_starters: ['Plot y = x²', 'Sum 1 to 100', 'Is 97 prime?', 'Explain π', 'A fifth never shows'],
  artifacts: '',
  isCollaborative: false,
  recursion_limit: 25,
  projectIds: [],
  avatar: null,
  author: 'u1',
  authorName: 'Ada Lovelace',
  createdAt: at,
  updatedAt: at,
};

function renderChat(path: string, agentsUse = true, routes: ApiMocks = {}) {
  setSession('tok', testUser, { broadcast: false });
  const permissions = defaultPermissions('USER');
  permissions.AGENTS = { ...permissions.AGENTS, USE: agentsUse };
  const stream = sseStream();
  const fetchSpy = mockApi({
    getConfig: testConfig(),
    getRole: when({ role: 'USER' }, { name: 'USER' as const, permissions }),
    listEndpoints: demoEndpoints,
    listModels: demoModels,
    listAgents: { agents: [tutor], nextCursor: null },
    agentsChat: stream.response,
    ...routes,
  });
  const view = renderRoutes([{ path: '/c/:conversationId', element: <ChatRoute /> }, { path: '/agents', element: <p>agent builder</p> }], path);
  return { ...view, fetchSpy, stream };
}

const agentOption = () => screen.findByRole('option', { name: /^Maths tutor/ });

describe('chatting with an agent', () => {
  it('lists her agents in the model menu and sends to the agent chat with its id', async () => {
    const { fetchSpy } = renderChat('/c/new');
    await openModelPicker();
    const option = await agentOption();
    expect(option.closest('[role="group"]')).toHaveAccessibleName('Agents');
    await userEvent.click(option);
    expect(await screen.findByRole('heading', { level: 1, name: 'Maths tutor' })).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'What is 2 + 2?{Enter}');
    await waitFor(() => expect(callsTo(fetchSpy, 'agentsChat')).toHaveLength(1));
    expect(bodyOf(callsTo(fetchSpy, 'agentsChat')[0])).toMatchObject({ text: 'What is 2 + 2?', agent_id: 'agent_tutor123', endpoint: 'agents', model: 'gpt-4o-mini', conversationId: null });
    expect(callsTo(fetchSpy, 'askDemo')).toHaveLength(0);
  });

  it('keeps the agent when the new chat moves to its address, and does not announce its own agent', async () => {
    const { fetchSpy, stream, router } = renderChat('/c/new?agent_id=agent_tutor123', true, { getMessages: when({ conversationId: 'c9' }, []) });
    await screen.findByRole('list', { name: 'Ways to begin' });
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'Hello{Enter}');
    await waitFor(() => expect(callsTo(fetchSpy, 'agentsChat')).toHaveLength(1));
    const sent = bodyOf(callsTo(fetchSpy, 'agentsChat')[0]) as { messageId: string };
    act(() => stream.send({ type: 'created', conversationId: 'c9', message: testMessage(sent.messageId, undefined, { conversationId: 'c9', text: 'Hello' }) }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/c/c9'));
    act(() => stream.send({ type: 'part', messageId: 'r9', index: 0, part: { type: 'agent_update', agent_update: { agentId: 'agent_tutor123' } } }));
    act(() => stream.send({ type: 'delta', messageId: 'r9', part: 'text', text: 'Hi, what shall we work on?' }));
    expect(await screen.findByText('Hi, what shall we work on?')).toBeInTheDocument();
    await expectModel('Maths tutor');
    expect(screen.queryByText(/is answering|Switched to agent/)).not.toBeInTheDocument();
  });

  it('offers no agents without AGENTS/USE', async () => {
    const { fetchSpy } = renderChat('/c/new', false);
    await openModelPicker();
    expect(screen.queryByRole('group', { name: 'Agents' })).not.toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /^Maths tutor/ })).not.toBeInTheDocument();
    expect(callsTo(fetchSpy, 'listAgents')).toHaveLength(0);
  });

  it('greets with at most four conversation starters, and a starter sends itself', async () => {
    const { fetchSpy } = renderChat('/c/new?agent_id=agent_tutor123');
    const starters = await screen.findByRole('list', { name: 'Ways to begin' });
    expect(within(starters).getAllByRole('button').map((button) => button.textContent)).toEqual(['Plot y = x²', 'Sum 1 to 100', 'Is 97 prime?', 'Explain π']);
    await userEvent.click(within(starters).getByRole('button', { name: 'Is 97 prime?' }));
    await waitFor(() => expect(callsTo(fetchSpy, 'agentsChat')).toHaveLength(1));
    expect(bodyOf(callsTo(fetchSpy, 'agentsChat')[0])).toMatchObject({ text: 'Is 97 prime?', agent_id: 'agent_tutor123' });
  });

  it('continues a conversation with its agent, shows a tool call running and then done, and stops it', async () => {
    const convo = testConvo('c1', { title: 'Primes', endpoint: 'agents', agent_id: 'agent_tutor123', model: 'gpt-4o-mini' });
    const question = testMessage('q', undefined, { conversationId: 'c1', text: 'Is 97 prime?' });
    const answer = testMessage('r1', 'q', { conversationId: 'c1', minute: 1, isCreatedByUser: false, sender: 'Maths tutor', text: 'Yes.' });
    const { fetchSpy, stream } = renderChat('/c/c1', true, { getConvo: when({ conversationId: 'c1' }, convo), getMessages: when({ conversationId: 'c1' }, [question, answer]), abortAsk: when({ endpoint: 'agents' }, { aborted: true }) });
    await expectModel('Maths tutor');
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'Check 91{Enter}');
    await waitFor(() => expect(callsTo(fetchSpy, 'agentsChat')).toHaveLength(1));
    expect(bodyOf(callsTo(fetchSpy, 'agentsChat')[0])).toMatchObject({ conversationId: 'c1', parentMessageId: 'r1', agent_id: 'agent_tutor123' });
    // The server saves the question first, as it always does; a stop before this waits for it.
    const asked = bodyOf(callsTo(fetchSpy, 'agentsChat')[0]) as { messageId: string };
    act(() => stream.send({ type: 'created', conversationId: 'c1', message: testMessage(asked.messageId, 'r1', { conversationId: 'c1', minute: 2, text: 'Check 91' }) }));

    const call = { id: 'call_1', name: 'execute_code', args: '{"lang":"py","code":"print(91 % 7)"}', progress: 0.1, type: 'tool_call' };
    act(() => stream.send({ type: 'delta', messageId: 'r2', part: 'text', text: 'Let me check.' }));
    act(() => stream.send({ type: 'part', messageId: 'r2', index: 1, part: { type: 'tool_call', tool_call: call } }));
    const running = (await screen.findByText('Running code')).closest('[data-state]')!;
    expect(running).toHaveAttribute('data-state', 'running');
    act(() => stream.send({ type: 'part', messageId: 'r2', index: 1, part: { type: 'tool_call', tool_call: { ...call, progress: 1, output: '0' } } }));
    const done = (await screen.findByText('Ran code')).closest('[data-state]')!;
    expect(done).toHaveAttribute('data-state', 'done');
    expect(within(done as HTMLElement).getByText('0')).toBeInTheDocument();
    act(() => stream.send({ type: 'delta', messageId: 'r2', part: 'text', text: '91 is 7 × 13.' }));
    expect(await screen.findByText('91 is 7 × 13.')).toBeInTheDocument();
    expect(screen.getByText('Let me check.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Stop generating' }));
    await waitFor(() => expect(callsTo(fetchSpy, 'abortAsk', { endpoint: 'agents' })).toHaveLength(1));
    expect(bodyOf(callsTo(fetchSpy, 'abortAsk', { endpoint: 'agents' })[0])).toMatchObject({ conversationId: 'c1' });
  });
});
