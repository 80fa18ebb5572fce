import { act, render, screen, within } from '@testing-library/react';
import { Profiler } from 'react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MessageDisplaySettingsProvider } from './display-settings.tsx';
import { MessageTree } from './message-tree.tsx';
import { testMessage as m } from './test-messages.ts';

const reply = (id: string, parent: string, minute: number, text = `reply ${id}`) => m(id, parent, { minute, isCreatedByUser: false, sender: 'Claude', text });

describe('MessageTree', () => {
  it('renders the newest branch of a flat message array and moves between versions', async () => {
    const messages = [m('q', undefined, { text: 'What is a tide?' }), reply('r1', 'q', 1, 'First answer'), reply('r2', 'q', 2, 'Second answer'), m('f', 'r1', { minute: 3, text: 'Tell me more' })];
    render(<MessageTree messages={messages} />);

    expect(screen.getByText('What is a tide?')).toBeInTheDocument();
    expect(screen.getByText('Second answer')).toBeInTheDocument();
    expect(screen.queryByText('First answer')).not.toBeInTheDocument();
    expect(screen.getByText('2 / 2')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Previous version' }));
    expect(screen.getByText('First answer')).toBeInTheDocument();
    // The older reply had a follow-up; it comes into view with it.
    expect(screen.getByText('Tell me more')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous version' })).toBeDisabled();
  });

  it('goes back to the newest version when a new sibling arrives', async () => {
    const messages = [m('q'), reply('r1', 'q', 1, 'Old'), reply('r2', 'q', 2, 'Newer')];
    const { rerender } = render(<MessageTree messages={messages} />);
    await userEvent.click(screen.getByRole('button', { name: 'Previous version' }));
    expect(screen.getByText('Old')).toBeInTheDocument();

    rerender(<MessageTree messages={[...messages, reply('r3', 'q', 3, 'Newest')]} />);
    expect(screen.getByText('Newest')).toBeInTheDocument();
    expect(screen.getByText('3 / 3')).toBeInTheDocument();
  });

  it('tells user and assistant messages apart and renders markdown without raw HTML', () => {
    const messages = [m('q', undefined, { text: 'Hi' }), reply('r', 'q', 1, '**bold** and <img src=x onerror=alert(1)>\n\n```ts\nconst a = 1;\n```')];
    const { container } = render(<MessageTree messages={messages} />);
    expect(screen.getByRole('article', { name: 'You' })).toHaveTextContent('Hi');
    const answer = screen.getByRole('article', { name: 'Claude' });
    expect(within(answer).getByText('bold').tagName).toBe('STRONG');
    expect(container.querySelector('img')).toBeNull();
    // The block's whole text: once its grammar has loaded (an earlier file in this worker may have
    // loaded it) the words sit in coloured spans of their own.
    expect(answer.querySelector('pre')).toHaveTextContent('const a = 1;');
    expect(within(answer).getByRole('button', { name: 'Copy code' })).toBeInTheDocument();
  });

  it('shows reasoning collapsed when show thinking is off, and error parts as errors', () => {
    const messages = [
      m('q'),
      m('r', 'q', { minute: 1, isCreatedByUser: false, text: '', content: [{ type: 'think', think: 'Weighing options' }, { type: 'text', text: 'Answer' }, { type: 'error', error: 'Rate limited' }] }),
    ];
    render(
      <MessageDisplaySettingsProvider value={{ showThinking: false }}>
        <MessageTree messages={messages} />
      </MessageDisplaySettingsProvider>,
    );
    const details = screen.getByText('Thoughts').closest('details');
    expect(details).not.toHaveAttribute('open');
    expect(screen.getByText('Answer')).toBeInTheDocument();
    expect(screen.getByText('Rate limited')).toBeInTheDocument();
  });

  it('copies a message and says so', async () => {
    const user = userEvent.setup();
    render(<MessageTree messages={[m('q', undefined, { text: 'copy me' })]} />);
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe('copy me');
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
  });

  it('keeps every message’s actions reachable, showing them on hover or focus except on the last message, where they always show', async () => {
    const messages = [m('q', undefined, { text: 'Question' }), reply('r1', 'q', 1, 'Answer')];
    render(<MessageTree messages={messages} />);
    const [question, answer] = screen.getAllByRole('article') as [HTMLElement, HTMLElement];
    const questionActions = question.querySelector('[data-message-actions]')!;
    expect(questionActions).toHaveAttribute('data-message-actions', 'on-hover');
    expect(questionActions.className).toMatch(/opacity-0 .*group-focus-within\/message:opacity-100/);
    expect(answer.querySelector('[data-message-actions]')).toHaveAttribute('data-message-actions', 'always');
    expect(answer.querySelector('[data-message-actions]')!.className).not.toMatch(/opacity-0/);
    // Transparent, not removed: Tab reaches the first message's Copy, in the tree for assistive technology.
    await userEvent.tab();
    expect(within(question).getByRole('button', { name: 'Copy' })).toHaveFocus();
  });

  it('marks the feed busy while a reply streams into it, and only then', () => {
    const messages = [m('q', undefined, { text: 'What is a tide?' }), reply('r1', 'q', 1)];
    const view = render(<MessageTree messages={messages} busy />);
    expect(screen.getByRole('feed')).toHaveAttribute('aria-busy', 'true');
    view.rerender(<MessageTree messages={messages} />);
    expect(screen.getByRole('feed')).not.toHaveAttribute('aria-busy');
  });

  /** The rows of each commit of a 30-message conversation opened at its end, 200 px rows in a 768 px window (four on screen). */
  async function rowsPerCommit(busy: boolean): Promise<number[]> {
    // The virtualiser measures a row's offsetHeight; jsdom lays nothing out.
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (this: HTMLElement) {
      return this.dataset.index === undefined ? 0 : 200;
    });
    const messages = Array.from({ length: 30 }, (_, i) => m(`m${i}`, i ? `m${i - 1}` : undefined, { minute: i, text: `message ${i}` }));
    const drawn: number[] = [];
    // Read as React reports each commit: a transition's rows land in a later one.
    render(
      <Profiler id="tree" onRender={() => drawn.push(document.querySelectorAll('article').length)}>
        <MessageTree messages={messages} startAtEnd busy={busy} />
      </Profiler>,
    );
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getByText('message 29')).toBeInTheDocument();
    return drawn;
  }

  it('draws only the rows on screen first, and the 6 rows of overscan around them after that commit', async () => {
    const drawn = await rowsPerCommit(false);
    expect(drawn[0]).toBeGreaterThan(0);
    expect(drawn[0]).toBeLessThanOrEqual(6);
    expect(drawn.at(-1)).toBeGreaterThanOrEqual(drawn[0]! + 6);
  });

  it('draws the overscan at once while a reply streams in, whose tokens would start a transition over', async () => {
    const drawn = await rowsPerCommit(true);
    expect(drawn[0]).toBeGreaterThanOrEqual(10);
  });
});
