import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MessageDisplaySettingsProvider } from './display-settings.tsx';
import { MarkdownText } from './markdown.tsx';

function renderMarkdown(text: string) {
  return render(
    <MessageDisplaySettingsProvider value={{ latex: false }}>
      <MarkdownText text={text} />
    </MessageDisplaySettingsProvider>,
  );
}

// The parse-only GFM plugin must keep every extension remark-gfm gave messages.
describe('GitHub extensions in messages', () => {
  it('renders tables, strikethrough, task lists and bare links', () => {
    const { container } = renderMarkdown(['| Tide | Height |', '| --- | --- |', '| high | 2 m |', '', '~~gone~~', '', '- [x] checked', '- [ ] open', '', 'See www.example.com'].join('\n'));
    expect(screen.getByRole('table')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Height' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '2 m' })).toBeInTheDocument();
    expect(container.querySelector('del')).toHaveTextContent('gone');
    const boxes = screen.getAllByRole('checkbox');
    expect(boxes.map((box) => (box as HTMLInputElement).checked)).toEqual([true, false]);
    expect(screen.getByRole('link', { name: 'www.example.com' })).toHaveAttribute('href', 'http://www.example.com');
  });

  it('renders footnotes', () => {
    const { container } = renderMarkdown('A claim.[^1]\n\n[^1]: The source.');
    expect(container.querySelector('section[data-footnotes]')).toHaveTextContent('The source.');
  });
});
