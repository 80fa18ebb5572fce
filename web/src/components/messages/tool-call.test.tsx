import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fail, mockApi } from '@/test/mock-api.ts';
import { MessageDisplaySettingsProvider } from './display-settings.tsx';
import { readToolCall, splitToolName, toolCallState } from './tool-call-model.ts';
import { ToolCall } from './tool-call.tsx';

const part = (toolCall: Record<string, unknown>) => ({ type: 'tool_call', tool_call: toolCall });

function renderCall(toolCall: Record<string, unknown>, streaming = false, showCode = false) {
  const call = readToolCall(part(toolCall))!;
  return render(
    <MessageDisplaySettingsProvider value={{ showCode }}>
      <ToolCall call={call} streaming={streaming} />
    </MessageDisplaySettingsProvider>,
  );
}

describe('tool call names', () => {
  it('reads the domain after the action delimiter with --- as a dot', () => {
    expect(splitToolName('getForecast_action_api---weather---com')).toEqual({ name: 'getForecast', domain: 'api.weather.com' });
    expect(splitToolName('search_mcp_docs---server')).toEqual({ name: 'search', domain: 'docs.server' });
    expect(splitToolName('calculator')).toEqual({ name: 'calculator', domain: null });
  });
});

describe('ToolCall', () => {
  it('shows a running call while the reply streams', () => {
    renderCall({ id: 't1', name: 'calculator', args: '{"expression":"2+2"}', progress: 0.4 }, true);
    expect(screen.getByText('Running calculator')).toBeInTheDocument();
  });

  it('shows a finished call whose input and output open on demand', async () => {
    const user = userEvent.setup();
    renderCall({ id: 't1', name: 'getForecast_action_api---weather---com', args: '{"city":"Lisbon"}', output: 'Sunny, 24°C', progress: 1 });
    const summary = screen.getByText('Talked to api.weather.com');
    const details = summary.closest('details')!;
    expect(details).not.toHaveAttribute('open');
    await user.click(summary);
    expect(details).toHaveAttribute('open');
    expect(within(details).getByText(/"city": "Lisbon"/)).toBeInTheDocument();
    expect(within(details).getByText('Sunny, 24°C')).toBeInTheDocument();
  });

  it('marks a call left below progress 1 after the reply stopped as not finished', () => {
    renderCall({ id: 't1', name: 'calculator', args: '{}', progress: 0.5 });
    expect(screen.getByText('calculator did not finish')).toBeInTheDocument();
    expect(screen.getByTestId('tool-failed')).toBeInTheDocument();
  });

  it('counts an output saying "error processing tool" as failed even at progress 1', () => {
    renderCall({ id: 't1', name: 'calculator', args: '{}', output: 'Error processing tool calculator: bad input', progress: 1 });
    expect(screen.getByText('calculator failed')).toBeInTheDocument();
    expect(screen.getByTestId('tool-failed')).toBeInTheDocument();
  });

  const link = (state: string) => `${window.location.origin}/api/actions/act-1/oauth/callback?state=${state}`;

  it('asks to sign in while a call waits for authentication, and opens the provider\'s page Meld starts for this member', async () => {
    const fetch = mockApi({ startActionOAuth: ({ init, params }) => (params.actionId === 'act-1' && (JSON.parse(String(init.body)) as { state: string }).state === 'ticket-1' ? { url: 'https://auth.example.com/authorize?state=fresh', expiresAt: new Date(Date.now() + 600_000).toISOString() } : fail(400, { code: 'VALIDATION_ERROR', message: 'no' })) });
    const tab = { opener: {} as unknown, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    renderCall({ id: 't1', name: 'listEvents_action_calendar---example---com', args: '{}', progress: 0.1, auth: link('ticket-1'), expires_at: Date.now() + 60_000 }, true);
    expect(screen.getByText('listEvents requires authentication')).toBeInTheDocument();
    expect(screen.getByText('Only sign in to sites you trust.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Sign in to calendar.example.com' }));
    await waitFor(() => expect(tab.location.href).toBe('https://auth.example.com/authorize?state=fresh'));
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    expect(fetch).toHaveBeenCalledTimes(1);
    open.mockRestore();
  });

  it('says why when Meld refuses to start the sign-in (another member\'s link), and closes the tab it opened', async () => {
    mockApi({ startActionOAuth: fail(403, { code: 'FORBIDDEN', message: 'This sign-in link is for another member.' }) });
    const tab = { opener: {} as unknown, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    renderCall({ id: 't2', name: 'listEvents_action_calendar---example---com', args: '{}', output: 'Sign in to continue', progress: 1, auth: link('ticket-2'), expires_at: Date.now() + 60_000 }, false);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in to calendar.example.com' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This sign-in link is for another member.');
    expect(tab.close).toHaveBeenCalled();
    open.mockRestore();
  });

  it('offers no sign-in for a link that is not Meld\'s own', () => {
    renderCall({ id: 't3', name: 'listEvents_action_calendar---example---com', args: '{}', progress: 0.1, auth: 'https://auth.example.com/oauth?state=1', expires_at: Date.now() + 60_000 }, true);
    expect(screen.queryByRole('button', { name: /Sign in/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Sign in/ })).not.toBeInTheDocument();
  });

  it('stops asking once the sign-in has expired', () => {
    const call = readToolCall(part({ name: 'x', progress: 0.1, auth: 'https://auth.example.com', expires_at: 1_000 }))!;
    expect(toolCallState(call, true, 2_000_000)).toBe('running');
  });

  it('hides the code a tool ran behind a toggle unless show code is on, and shows its logs', async () => {
    const user = userEvent.setup();
    const run = { id: 'c1', type: 'code_interpreter', progress: 1, code_interpreter: { input: 'print(6 * 7)', outputs: [{ type: 'logs', logs: '42' }] } };
    // The code block colours its grammar once loaded, splitting the text into spans: read it whole.
    const shownCode = () => screen.queryByText((_, element) => element?.tagName === 'CODE' && element.textContent === 'print(6 * 7)');
    const { unmount } = renderCall(run);
    expect(screen.getByText('Ran code')).toBeInTheDocument();
    expect(screen.getByText('42')).toBeInTheDocument();
    expect(shownCode()).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Show code' }));
    expect(shownCode()).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'Hide code' }));
    expect(shownCode()).toBeNull();
    unmount();

    renderCall(run, false, true);
    expect(shownCode()).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Hide code' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('reads execute_code arguments even while they are still streaming', () => {
    const call = readToolCall(part({ name: 'execute_code', args: '{"lang":"js","code":"console.log(1)\\nconsole.log(', progress: 0.3 }))!;
    expect(call.code).toEqual({ language: 'js', input: 'console.log(1)\nconsole.log(' });
  });

  it('shows file search as one compact line', () => {
    renderCall({ id: 'f1', type: 'file_search', progress: 1 });
    expect(screen.getByText('Searched your files')).toBeInTheDocument();
    expect(screen.queryByRole('group')).not.toBeInTheDocument();
  });
});
