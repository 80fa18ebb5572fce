import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { bubbleSize } from '../lib/fragment-text.ts';
import { mockFragments, renderFragments, sampleFragments, theme } from '../test/fragments-test-kit.tsx';

const themes = [
  theme({ id: 'c1', label: 'Leadership', fragmentCount: 2, changePercent: 50 }),
  theme({ id: 'c2', label: 'Growth', fragmentCount: 12, changePercent: -20 }),
  theme({ id: 'c3', label: 'Communication', fragmentCount: 30, changePercent: null }),
];

describe('Fragments: themes', () => {
  it('sizes a bubble 10 px per fragment, clamped to 80-160 px', () => {
    expect([0, 2, 8, 9, 12, 16, 30].map(bubbleSize)).toEqual([80, 80, 80, 90, 120, 160, 160]);
  });

  it('shows the themes with Cmd/Ctrl+2, and a bubble opens its fragments in the inbox with a back link', async () => {
    mockFragments(sampleFragments, { listThemes: () => ({ themes }) });
    const user = userEvent.setup();
    renderFragments();
    await screen.findByRole('option', { name: /Clarity is kindness/ });
    await user.keyboard('{Control>}2{/Control}');
    expect(screen.getByRole('tab', { name: 'Themes' })).toHaveAttribute('aria-selected', 'true');

    const leadership = await screen.findByRole('button', { name: 'Leadership: 2, +50% in 30 days' });
    const bubble = (button: HTMLElement) => within(button).getByTestId('theme-bubble');
    expect(bubble(leadership)).toHaveStyle({ width: '80px', height: '80px' });
    expect(bubble(screen.getByRole('button', { name: 'Growth: 12, -20% in 30 days' }))).toHaveStyle({ width: '120px' });
    expect(bubble(screen.getByRole('button', { name: 'Communication: 30, None in the 30 days before' }))).toHaveStyle({ width: '160px' });

    await user.click(leadership);
    expect(screen.getByRole('tab', { name: 'Inbox' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('heading', { name: 'Fragments in Leadership' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('option', { name: /say no without closing doors/ })).not.toBeInTheDocument());
    const list = screen.getByRole('listbox');
    expect(within(list).getAllByRole('option')).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: /Back to themes/ }));
    expect(screen.getByRole('tab', { name: 'Themes' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Control>}1{/Control}');
    expect(await screen.findByRole('option', { name: /say no without closing doors/ })).toBeInTheDocument();
  });

  it('says so when there are no themes yet', async () => {
    mockFragments(sampleFragments, { listThemes: () => ({ themes: [] }) });
    const user = userEvent.setup();
    renderFragments();
    await user.click(screen.getByRole('tab', { name: 'Themes' }));
    expect(await screen.findByText('Themes appear once a few fragments share a subject.')).toBeInTheDocument();
  });
});
