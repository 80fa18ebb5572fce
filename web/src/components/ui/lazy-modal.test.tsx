import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { LazyModal } from './lazy-modal.tsx';

function Preview() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <LazyModal open={open} onOpenChange={setOpen} title="A picture">
        <p>Full size</p>
      </LazyModal>
    </>
  );
}

describe('LazyModal', () => {
  // What it saves is measured by the pages bench (the share page's JavaScript); a count of module
  // loads here depends on which test files ran before in the same worker.
  it('draws nothing until first opened, then works as a Modal', async () => {
    const { container } = render(<Preview />);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(container.childElementCount).toBe(1);

    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByRole('dialog', { name: 'A picture' })).toHaveTextContent('Full size');

    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByRole('dialog', { name: 'A picture' })).toBeInTheDocument();
  });
});
