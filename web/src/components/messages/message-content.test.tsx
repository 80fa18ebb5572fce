import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, raw, when } from '@/test/mock-api.ts';
import { AgentNamesProvider } from './agent-names.tsx';
import { MessageDisplaySettingsProvider } from './display-settings.tsx';
import { MessageContent } from './message-content.tsx';
import { safeImageUrl } from './message-image.tsx';
import { testMessage } from './test-messages.ts';

const reply = (content: Record<string, unknown>[], extra = {}) => testMessage('r', 'q', { isCreatedByUser: false, text: '', content: content as never, ...extra });

afterEach(() => vi.unstubAllGlobals());

describe('MessageContent', () => {
  it('shows an image file in a box of its proportions, lazily, and full size in a dialog on click', async () => {
    const user = userEvent.setup();
    render(<MessageContent message={reply([{ type: 'image_file', image_file: { filepath: '/images/u1/chart.png', filename: 'chart.png', width: 800, height: 400 } }])} />);
    const image = screen.getByRole('img', { name: 'chart.png' });
    expect(image).toHaveAttribute('src', '/images/u1/chart.png');
    expect(image).toHaveAttribute('loading', 'lazy');
    const button = screen.getByRole('button', { name: 'Open the image at full size' });
    expect(button.style.aspectRatio).toBe('800 / 400');
    await user.click(button);
    expect(await screen.findByRole('dialog', { name: 'chart.png' })).toBeInTheDocument();
  });

  it('says when a message came cut to fit a page, so no one takes the beginning for the whole', () => {
    render(<MessageContent message={testMessage('q', undefined, { text: 'The start of a very long paste', truncated: true })} />);
    expect(screen.getByText('The start of a very long paste')).toBeInTheDocument();
    expect(screen.getByText(/too large to show whole/)).toBeInTheDocument();
  });

  it('reserves the default 1080 by 1920 box for an image without a size', () => {
    render(<MessageContent message={reply([{ type: 'image_file', image_file: { filepath: '/images/u1/a.png' } }])} />);
    expect(screen.getByRole('button', { name: 'Open the image at full size' }).style.aspectRatio).toBe('1080 / 1920');
  });

  it('shows https image URLs and refuses any other address', () => {
    render(<MessageContent message={reply([{ type: 'image_url', image_url: { url: 'https://cdn.example.com/cat.webp' } }, { type: 'image_url', image_url: { url: 'javascript:alert(1)' } }])} />);
    expect(screen.getAllByRole('img')).toHaveLength(1);
    expect(screen.getByRole('img')).toHaveAttribute('src', 'https://cdn.example.com/cat.webp');
    // A bare URL has no size to reserve: it takes its natural proportions rather than a tall default box.
    expect(screen.getByRole('button', { name: 'Open the image at full size' }).style.aspectRatio).toBe('');
    expect(screen.getByText('This image cannot be shown.')).toBeInTheDocument();
  });

  it('accepts same-site paths and https only', () => {
    expect(safeImageUrl('/images/a.png')).toBe('/images/a.png');
    expect(safeImageUrl('https://x.example/a.png')).toBe('https://x.example/a.png');
    for (const unsafe of ['http://x.example/a.png', '//evil.example/a.png', '/\\evil.example/a.png', 'data:image/png;base64,AAAA', 'javascript:alert(1)', 42]) {
      expect(safeImageUrl(unsafe)).toBeNull();
    }
  });

  it('shows a refusal as the model declining, in its own words, apart from the answer', () => {
    render(<MessageContent message={reply([{ type: 'refusal', refusal: "I'm sorry, I can't assist with that request." }], { finish_reason: 'refused' })} />);
    const note = screen.getByRole('note', { name: 'Declined' });
    expect(note).toHaveTextContent("The model declined: I'm sorry, I can't assist with that request.");
    expect(within(note).queryByText(/Reason given/)).toBeNull();
  });

  it('shows a refusal without words as declined, with the provider’s reason, after the text that came before it', () => {
    const reason = "Gemini's safety filters blocked the reply (SAFETY)";
    render(<MessageContent message={reply([{ type: 'text', text: 'First, you' }, { type: 'refusal', refusal: '', reason }], { text: 'First, you', finish_reason: 'refused' })} />);
    expect(screen.getByText('First, you')).toBeInTheDocument();
    const note = screen.getByRole('note', { name: 'Declined' });
    expect(note).toHaveTextContent('The model declined to answer.');
    expect(note).toHaveTextContent(`Reason given by the provider: ${reason}`);
  });

  it('shows agent updates with the agent id, or a plain note without one', () => {
    render(<MessageContent message={reply([{ type: 'agent_update', agent_update: { agentId: 'agent_research' } }, { type: 'agent_update', agent_update: {} }, { type: 'text', text: 'Done.' }])} />);
    expect(screen.getByText('Switched to agent agent_research')).toBeInTheDocument();
    expect(screen.getByText('Agent update')).toBeInTheDocument();
    expect(screen.getByText('Done.')).toBeInTheDocument();
  });

  it('names the agent that takes over, and says nothing when it is the conversation’s own agent', () => {
    const names = { current: 'agent_main', nameOf: (id: string) => (id === 'agent_research' ? 'Researcher' : null) };
    render(
      <AgentNamesProvider value={names}>
        <MessageContent message={reply([{ type: 'agent_update', agent_update: { agentId: 'agent_main' } }, { type: 'agent_update', agent_update: { agentId: 'agent_research' } }, { type: 'text', text: 'Found it.' }])} />
      </AgentNamesProvider>,
    );
    expect(screen.getByText('Researcher is answering')).toBeInTheDocument();
    expect(screen.queryByText(/agent_main/)).not.toBeInTheDocument();
    expect(screen.getByText('Found it.')).toBeInTheDocument();
  });

  it('shows the files a code run made inside its card: an image inline, a CSV as a download', async () => {
    vi.stubGlobal('URL', class extends URL {
      static override createObjectURL = () => 'blob:plot';
      static override revokeObjectURL = () => undefined;
    });
    mockApi({ getFile: when({ userId: 'u1', fileId: 'plot' }, raw(new Response(new Blob(['png']), { status: 200 }))) });
    const call = { id: 'call_1', name: 'execute_code', args: '{"lang":"py","code":"plot()"}', output: 'saved', progress: 1, type: 'tool_call' };
    const message = reply([{ type: 'tool_call', tool_call: call }, { type: 'text', text: 'Here is the plot.' }], {
      attachments: [
        { file_id: 'plot', toolCallId: 'call_1', filename: 'plot.png', filepath: '/api/files/u1/plot', type: 'image/png', bytes: 3, width: 640, height: 480 },
        { file_id: 'data', toolCallId: 'call_1', filename: 'data.csv', filepath: '/api/files/u1/data', type: 'text/csv', bytes: 12 },
      ],
    });
    render(<MessageContent message={message} />);
    const card = screen.getByText('Ran code').closest('[data-state]')!;
    expect(card).toHaveAttribute('data-state', 'done');
    expect(await within(card as HTMLElement).findByRole('img', { name: 'plot.png' })).toHaveAttribute('src', 'blob:plot');
    expect(within(card as HTMLElement).getByRole('button', { name: 'Download data.csv' })).toBeInTheDocument();
  });

  it('still offers a stored file whose tool call is not among the parts', () => {
    const message = reply([{ type: 'text', text: 'Done.' }], { attachments: [{ file_id: 'data', toolCallId: 'gone', filename: 'data.csv', filepath: '/api/files/u1/data', type: 'text/csv', bytes: 12 }] });
    render(<MessageContent message={message} />);
    expect(screen.getByRole('button', { name: 'Download data.csv' })).toBeInTheDocument();
  });

  it('shows a tool call running while streaming and its image attachments below it', () => {
    const message = reply([{ type: 'tool_call', tool_call: { id: 'call_1', name: 'dalle', args: '{"prompt":"a fox"}', progress: 0.5 } }], {
      attachments: [{ toolCallId: 'call_1', filename: 'fox.png', filepath: '/images/u1/fox.png', width: 1024, height: 1024, type: 'image/png' }, { toolCallId: 'other', filepath: '/images/u1/x.png' }],
    });
    render(<MessageContent message={message} streaming />);
    expect(screen.getByText('Running dalle')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'fox.png' })).toBeInTheDocument();
    expect(screen.getAllByRole('img')).toHaveLength(1);
  });

  it('opens reasoning when show thinking is on', () => {
    render(<MessageContent message={reply([{ type: 'think', think: 'Weighing it up' }, { type: 'text', text: 'Answer' }])} />);
    expect(screen.getByText('Thoughts').closest('details')).toHaveAttribute('open');
  });

  it('renders the user’s markdown only when user markdown is on', () => {
    const mine = testMessage('q', undefined, { text: 'I **really** mean it' });
    const { unmount } = render(<MessageContent message={mine} />);
    expect(screen.getByText('really').tagName).toBe('STRONG');
    unmount();
    render(
      <MessageDisplaySettingsProvider value={{ userMarkdown: false }}>
        <MessageContent message={mine} />
      </MessageDisplaySettingsProvider>,
    );
    expect(screen.getByText('I **really** mean it')).toBeInTheDocument();
  });
});
