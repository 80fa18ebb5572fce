import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import '@/lib/i18n.ts';
import { CoachComposer } from './coach-composer.tsx';

function setup() {
  const onSend = vi.fn();
  render(<CoachComposer onSend={onSend} disabled={false} textareaRef={createRef()} />);
  return { onSend, box: screen.getByRole('textbox', { name: 'Message the coach' }), user: userEvent.setup() };
}

describe('the coach composer', () => {
  it('sends with Enter, trimmed, and clears the box; Shift+Enter adds a line instead', async () => {
    const { onSend, box, user } = setup();
    await user.type(box, '  First line{Shift>}{Enter}{/Shift}second line');
    expect(onSend).not.toHaveBeenCalled();
    expect(box).toHaveValue('  First line\nsecond line');
    await user.keyboard('{Enter}');
    expect(onSend).toHaveBeenCalledWith('First line\nsecond line');
    expect(box).toHaveValue('');
  });

  it('never sends empty or whitespace-only text', async () => {
    const { onSend, box, user } = setup();
    await user.type(box, '   {Enter}');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSend).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  });

  it('shows the counter after 120 characters, in the warning colour above 400, and stops at 500', async () => {
    const { box, user } = setup();
    await user.click(box);
    await user.paste('x'.repeat(120));
    expect(screen.queryByTestId('composer-counter')).toBeNull();
    await user.paste('x');
    expect(screen.getByTestId('composer-counter')).toHaveTextContent('121/500');
    expect(screen.getByTestId('composer-counter')).toHaveAttribute('data-state', 'normal');
    await user.paste('x'.repeat(279));
    expect(screen.getByTestId('composer-counter')).toHaveTextContent('400/500');
    expect(screen.getByTestId('composer-counter')).toHaveAttribute('data-state', 'normal');
    await user.paste('x');
    expect(screen.getByTestId('composer-counter')).toHaveAttribute('data-state', 'warning');
    expect(screen.getByTestId('composer-counter')).toHaveClass('text-warning');
    await user.paste('x'.repeat(200));
    expect(box).toHaveValue('x'.repeat(500));
  });
});
