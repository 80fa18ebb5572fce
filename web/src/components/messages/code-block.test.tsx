import type { ExecuteCodeResponse, Message, ToolCallRecord } from '@meld/shared';
import { act, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '@/lib/auth-session.ts';
import { type ApiMocks, callsTo, fail, held, mockApi, when } from '@/test/mock-api.ts';
import { testConfig, testUser } from '@/test/fixtures.ts';
import { renderRoutes } from '@/test/render.tsx';
import { roleInfo, roleRoutes } from '@/test/roles.ts';
import { CodeRunConversationProvider } from './code-run-scope.tsx';
import { MessageDisplaySettingsProvider } from './display-settings.tsx';
import { MessageContent } from './message-content.tsx';

const CONVO = '8f4e2c1a-1111-4222-8333-944455556666';
const reply: Message = {
  messageId: 'reply-1',
  conversationId: CONVO,
  parentMessageId: 'ask-1',
  isCreatedByUser: false,
  sender: 'Demo',
  text: 'Here:\n\n```python\nprint(2 + 2)\n```\n\n```sql\nselect 1\n```',
  createdAt: '2026-11-22T10:00:00.000Z',
  updatedAt: '2026-11-22T10:00:00.000Z',
} as Message;

const answer: ExecuteCodeResponse = { result: 'stdout:\n4', attachments: [] };

function routes(overrides: ApiMocks = {}) {
  return mockApi({ getConfig: testConfig(), ...roleRoutes(), listToolCalls: [], callTool: when({ toolId: 'execute_code' }, answer), ...overrides });
}

/** What the conversation view gives its messages: the open conversation, whose replies' code may run. */
const inConversation = (element: ReactElement) => <CodeRunConversationProvider value={CONVO}>{element}</CodeRunConversationProvider>;

function show(message: Message = reply, path = `/c/${CONVO}`, streaming = false) {
  return renderRoutes([{ path: '/c/:conversationId', element: inConversation(<MessageContent message={message} streaming={streaming} />) }, { path: '/share/:shareId', element: <MessageContent message={message} /> }], path);
}

beforeEach(() => setSession('tok', testUser, { broadcast: false }));
afterEach(() => vi.useRealTimers());

describe('the Run button on code blocks', () => {
  it('runs a Python block of a reply and shows its output under it', async () => {
    const user = userEvent.setup();
    const spy = routes();
    show();
    await user.click(await screen.findByRole('button', { name: 'Run' }));
    expect(await screen.findByText('stdout: 4', { normalizer: (text) => text.replace(/\s+/g, ' ').trim() })).toBeInTheDocument();
    const [sent] = callsTo(spy, 'callTool', { toolId: 'execute_code' });
    expect(JSON.parse(String(sent!.body))).toEqual({ lang: 'python', code: 'print(2 + 2)', messageId: 'reply-1', conversationId: CONVO, partIndex: 0, blockIndex: 7 });
    // Only JavaScript and Python run: the SQL block has no button.
    expect(screen.getAllByRole('button', { name: 'Run' })).toHaveLength(1);
  });

  it('is disabled while the code runs and takes one run per second', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['Date'] });
    const user = userEvent.setup();
    const finish = held<'callTool'>();
    const spy = routes({ callTool: when({ toolId: 'execute_code' }, finish.handler) });
    show();
    await user.click(await screen.findByRole('button', { name: 'Run' }));
    const running = screen.getByRole('button', { name: 'Running…' });
    expect(running).toBeDisabled();
    await act(async () => finish.answer(answer));
    const again = await screen.findByRole('button', { name: 'Run' });
    expect(again).toBeEnabled();
    await user.click(again);
    expect(callsTo(spy, 'callTool', { toolId: 'execute_code' })).toHaveLength(1);
    vi.setSystemTime(Date.now() + 1000);
    await user.click(again);
    expect(callsTo(spy, 'callTool', { toolId: 'execute_code' })).toHaveLength(2);
  });

  it("shows a block's last run when the conversation is opened again", async () => {
    const past: ToolCallRecord = { id: 'r1', toolId: 'execute_code', conversationId: CONVO, messageId: 'reply-1', partIndex: 0, blockIndex: 7, lang: 'python', result: 'stdout:\nfrom before', attachments: [], createdAt: '2026-11-22T10:01:00.000Z' };
    routes({ listToolCalls: [past] });
    show();
    expect(await screen.findByText(/from before/)).toBeInTheDocument();
  });

  it('says so in a toast when the run is refused', async () => {
    const user = userEvent.setup();
    routes({ callTool: when({ toolId: 'execute_code' }, fail(429, { code: 'RATE_LIMITED', message: 'Too many requests' })) });
    show();
    await user.click(await screen.findByRole('button', { name: 'Run' }));
    expect(await screen.findByText('The code could not run: Too many requests')).toBeInTheDocument();
  });

  /** Renders, lets the role table and the config arrive, and says whether a Run button shows. */
  async function runButtonShown(message: Message, path: string, streaming = false) {
    show(message, path, streaming);
    await screen.findAllByRole('button', { name: 'Copy code' });
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    return screen.queryByRole('button', { name: 'Run' }) !== null;
  }

  it('is hidden without RUN_CODE/USE', async () => {
    routes({ getRole: when({ role: 'USER' }, roleInfo('USER', { RUN_CODE: { USE: false } })) });
    expect(await runButtonShown(reply, `/c/${CONVO}`)).toBe(false);
  });

  it('is hidden when the operator turned code runs off', async () => {
    routes({ getConfig: testConfig({ interface: { ...testConfig().interface, runCode: false } }) });
    expect(await runButtonShown(reply, `/c/${CONVO}`)).toBe(false);
  });

  it("is hidden on the user's own messages", async () => {
    routes();
    expect(await runButtonShown({ ...reply, isCreatedByUser: true }, `/c/${CONVO}`)).toBe(false);
  });

  it('is hidden while the reply is still streaming', async () => {
    routes();
    expect(await runButtonShown(reply, `/c/${CONVO}`, true)).toBe(false);
  });

  it('is hidden on a shared page', async () => {
    routes();
    expect(await runButtonShown(reply, '/share/abc')).toBe(false);
  });
});

describe('folding code blocks by the "show code" setting', () => {
  const twoBlocks = (id: string): Message => ({ ...reply, messageId: id });

  it('starts collapsed to the language and line count with the setting off, and each block expands and collapses on its own', async () => {
    const user = userEvent.setup();
    routes();
    renderRoutes(
      [
        {
          path: '/c/:conversationId',
          element: inConversation(
            <MessageDisplaySettingsProvider value={{ showCode: false }}>
              <MessageContent message={twoBlocks('fold-1')} />
            </MessageDisplaySettingsProvider>
          ),
        },
      ],
      `/c/${CONVO}`,
    );
    const python = await screen.findByRole('button', { name: /^python · 1 line/ });
    const sql = screen.getByRole('button', { name: /^sql · 1 line/ });
    expect(python).toHaveAttribute('aria-expanded', 'false');
    expect(python).toHaveAccessibleName('python · 1 line Expand');
    const pythonCode = document.getElementById(python.getAttribute('aria-controls')!)!;
    expect(pythonCode).not.toBeVisible();
    // Copy and Run stay on a folded block.
    expect(screen.getAllByRole('button', { name: 'Copy code' })).toHaveLength(2);
    expect(await screen.findByRole('button', { name: 'Run' })).toBeInTheDocument();

    await user.click(python);
    expect(python).toHaveAttribute('aria-expanded', 'true');
    expect(python).toHaveAccessibleName('python · 1 line Collapse');
    expect(pythonCode).toBeVisible();
    expect(pythonCode).toHaveTextContent('print(2 + 2)');
    expect(sql).toHaveAttribute('aria-expanded', 'false');

    await user.click(python);
    expect(python).toHaveAttribute('aria-expanded', 'false');
    expect(pythonCode).not.toBeVisible();
  });

  it('starts expanded with the setting on, and a block can still be collapsed', async () => {
    const user = userEvent.setup();
    routes();
    renderRoutes(
      [
        {
          path: '/c/:conversationId',
          element: inConversation(
            <MessageDisplaySettingsProvider value={{ showCode: true }}>
              <MessageContent message={twoBlocks('fold-2')} />
            </MessageDisplaySettingsProvider>
          ),
        },
      ],
      `/c/${CONVO}`,
    );
    const sql = await screen.findByRole('button', { name: /^sql/ });
    expect(sql).toHaveAttribute('aria-expanded', 'true');
    const sqlCode = document.getElementById(sql.getAttribute('aria-controls')!)!;
    expect(sqlCode).toBeVisible();
    expect(sqlCode).toHaveTextContent('select 1');
    await user.click(sql);
    expect(sqlCode).not.toBeVisible();
  });

  it('keeps what the member chose when the block is drawn again (scrolled out of the list and back)', async () => {
    const user = userEvent.setup();
    routes();
    const first = show(twoBlocks('fold-3'));
    await user.click(await screen.findByRole('button', { name: /^sql/ }));
    first.unmount();
    show(twoBlocks('fold-3'));
    // Open by default, so the block the member folded is the one that stays folded.
    expect(await screen.findByRole('button', { name: /^sql/ })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('button', { name: /^python/ })).toHaveAttribute('aria-expanded', 'true');
  });
});
