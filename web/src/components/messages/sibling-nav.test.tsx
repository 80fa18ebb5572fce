import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SiblingNav } from './sibling-nav.tsx';

describe('SiblingNav', () => {
  it('shows the position and disables previous on the first sibling', async () => {
    const onSelect = vi.fn();
    render(<SiblingNav index={0} count={3} onSelect={onSelect} />);
    expect(screen.getByText('1 / 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous version' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next version' }));
    expect(onSelect).toHaveBeenCalledWith(1);
  });

  it('disables next on the last sibling', async () => {
    const onSelect = vi.fn();
    render(<SiblingNav index={2} count={3} onSelect={onSelect} />);
    expect(screen.getByRole('button', { name: 'Next version' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Previous version' }));
    expect(onSelect).toHaveBeenCalledWith(1);
  });

  it('is absent for a message without siblings', () => {
    render(<SiblingNav index={0} count={1} onSelect={() => {}} />);
    expect(screen.queryByRole('group', { name: 'Response versions' })).not.toBeInTheDocument();
  });
});
