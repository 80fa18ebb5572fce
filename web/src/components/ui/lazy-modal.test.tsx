import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { LazyModal } from './lazy-modal.tsx';

const loads = vi.hoisted(() => ({ count: 0 }));
vi.mock('./modal.tsx', async (importOriginal) => {
  loads.count += 1;
  return importOriginal();
});

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
  it('fetches the dialog only when first opened, then works as a Modal', async () => {
    render(<Preview />);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(loads.count).toBe(0);
    expect(screen.queryByRole('dialog')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByRole('dialog', { name: 'A picture' })).toHaveTextContent('Full size');
    expect(loads.count).toBe(1);

    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByRole('dialog', { name: 'A picture' })).toBeInTheDocument();
  });
});
