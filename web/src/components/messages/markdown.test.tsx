import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MessageDisplaySettingsProvider } from './display-settings.tsx';
import { MarkdownText } from './markdown.tsx';

function renderMarkdown(text: string, latex = true) {
  return render(
    <MessageDisplaySettingsProvider value={{ latex }}>
      <MarkdownText text={text} />
    </MessageDisplaySettingsProvider>,
  );
}

describe('MarkdownText', () => {
  it('renders math with KaTeX when LaTeX is on', async () => {
    const { container } = renderMarkdown('Area: $\\pi r^2$\n\n\\[\n\\frac{a}{b}\n\\]');
    await waitFor(() => expect(container.querySelector('.katex')).not.toBeNull());
    expect(container.querySelector('.katex-display')).not.toBeNull();
    expect(container.querySelector('annotation')).toHaveTextContent('\\pi r^2');
    expect(container).not.toHaveTextContent('$');
  });

  it('shows the raw text when LaTeX is off', async () => {
    const { container } = renderMarkdown('Area: $\\pi r^2$', false);
    expect(container).toHaveTextContent('Area: $\\pi r^2$');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(container.querySelector('.katex')).toBeNull();
  });

  it('keeps prices as text beside real math', async () => {
    const { container } = renderMarkdown('Apples cost $5 and pears $10, so $x+y$ in total.');
    await waitFor(() => expect(container.querySelector('.katex')).not.toBeNull());
    expect(container.querySelectorAll('.katex')).toHaveLength(1);
    expect(container).toHaveTextContent('Apples cost $5 and pears $10, so');
  });

  it('colours code once its grammar has loaded and keeps the copy button', async () => {
    const user = userEvent.setup();
    const { container } = renderMarkdown('```ts\nconst answer: number = 42; // sure\n```');
    // Open by default ("Expand code blocks" is on), the block is coloured once its grammar loads.
    await waitFor(() => expect(container.querySelector('code[data-highlighted="ts"] .hljs-keyword')).not.toBeNull());
    expect(container.querySelector('.hljs-comment')).toHaveTextContent('// sure');
    await user.click(screen.getByRole('button', { name: 'Copy code' }));
    expect(await navigator.clipboard.readText()).toBe('const answer: number = 42; // sure');
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
  });

  it('leaves code in a language without a grammar as plain text', async () => {
    const { container } = renderMarkdown('```klingon\nqaStaH nuq\n```');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(container.querySelector('code')).toHaveTextContent('qaStaH nuq');
    expect(container.querySelector('code span')).toBeNull();
  });

  it('opens links in a new tab and shows images only from safe addresses', () => {
    const { container } = renderMarkdown('[site](https://example.com) ![chart](https://cdn.example.com/c.png) ![tracker](http://evil.example/x.png)');
    expect(screen.getByRole('link', { name: 'site' })).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: 'site' })).toHaveAttribute('rel', 'noopener noreferrer');
    const images = container.querySelectorAll('img');
    expect(images).toHaveLength(1);
    expect(images[0]).toHaveAttribute('src', 'https://cdn.example.com/c.png');
    expect(images[0]).toHaveAttribute('loading', 'lazy');
    expect(container).toHaveTextContent('tracker');
  });
});

describe('MarkdownText rendered again', () => {
  it('shows the same text in two places and after remounting, and a changed text anew', () => {
    const text = 'Cached **bold** text\n\n- one\n- two';
    const first = renderMarkdown(text, false);
    const second = renderMarkdown(text, false);
    for (const view of [first, second]) {
      expect(view.container.querySelector('strong')).toHaveTextContent('bold');
      expect(view.container.querySelectorAll('li')).toHaveLength(2);
    }
    first.unmount();
    const again = renderMarkdown(text, false);
    expect(again.container.querySelector('strong')).toHaveTextContent('bold');
    again.rerender(
      <MessageDisplaySettingsProvider value={{ latex: false }}>
        <MarkdownText text="Now *other* text" />
      </MessageDisplaySettingsProvider>,
    );
    expect(again.container.querySelector('em')).toHaveTextContent('other');
    expect(again.container.querySelector('strong')).toBeNull();
  });
});
