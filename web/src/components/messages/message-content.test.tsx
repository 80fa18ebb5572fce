import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MessageDisplaySettingsProvider } from './display-settings.tsx';
import { MessageContent } from './message-content.tsx';
import { safeImageUrl } from './message-image.tsx';
import { testMessage } from './test-messages.ts';

const reply = (content: Record<string, unknown>[], extra = {}) => testMessage('r', 'q', { isCreatedByUser: false, text: '', content: content as never, ...extra });

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

  it('shows agent updates with the agent id, or a plain note without one', () => {
    render(<MessageContent message={reply([{ type: 'agent_update', agent_update: { agentId: 'agent_research' } }, { type: 'agent_update', agent_update: {} }, { type: 'text', text: 'Done.' }])} />);
    expect(screen.getByText('Switched to agent agent_research')).toBeInTheDocument();
    expect(screen.getByText('Agent update')).toBeInTheDocument();
    expect(screen.getByText('Done.')).toBeInTheDocument();
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
