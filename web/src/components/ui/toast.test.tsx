import { act, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { dismissToast, getToasts, showToast } from '@/lib/toast.ts';
import { Toaster } from './toast.tsx';

afterEach(() => act(() => getToasts().forEach((toast) => dismissToast(toast.id))));

describe('Toaster', () => {
  it('lists each toast as a list item that holds its status or alert', () => {
    render(<Toaster />);
    act(() => {
      showToast({ message: 'Link copied' });
      showToast({ message: 'Could not save', severity: 'error' });
    });
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByRole('status')).toHaveTextContent('Link copied');
    expect(within(items[1]!).getByRole('alert')).toHaveTextContent('Could not save');
  });
});
