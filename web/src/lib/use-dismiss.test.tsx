import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useDismiss } from './use-dismiss.ts';

function Menu() {
  const [open, setOpen] = useState(true);
  const ref = useDismiss<HTMLDivElement>(open, () => setOpen(false));
  return (
    <div>
      <button type="button">Outside</button>
      <div ref={ref}>{open ? <button type="button">Inside</button> : 'closed'}</div>
    </div>
  );
}

describe('useDismiss', () => {
  it('stays open for a press inside and closes for a press outside', () => {
    render(<Menu />);
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Inside' }));
    expect(screen.getByRole('button', { name: 'Inside' })).toBeInTheDocument();
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Outside' }));
    expect(screen.getByText('closed')).toBeInTheDocument();
  });

  it('closes on Escape without letting it reach handlers behind the menu', () => {
    let reached = false;
    const behind = () => (reached = true);
    document.addEventListener('keydown', behind);
    render(<Menu />);
    fireEvent.keyDown(document.body, { key: 'Escape' });
    document.removeEventListener('keydown', behind);
    expect(screen.getByText('closed')).toBeInTheDocument();
    expect(reached).toBe(false);
  });
});
