import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi } from '@/test/mock-api.ts';
import { giveElementsHeight, page, renderHistory, testConvo } from '../../test/chat-fixtures.tsx';

beforeEach(() => {
  giveElementsHeight();
  mockApi({ searchEnabled: false, listConvos: page([testConvo('a', { title: 'Plan' }), testConvo('b', { title: 'Notes' })]) });
});

const menuButton = (title: string) => screen.findByRole('button', { name: `Options for ${title}` });

describe("a history row's menu, mounted when first used (issue 25 §7)", () => {
  it('draws a plain menu button until the menu is asked for', async () => {
    renderHistory('/c/new');
    const button = await menuButton('Plan');
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    // Radix's trigger marks its state; the rows' buttons are not Radix's yet.
    expect(document.querySelectorAll('[data-state]')).toHaveLength(0);
  });

  it('opens on the first press, and again after closing', async () => {
    renderHistory('/c/new');
    await userEvent.click(await menuButton('Plan'));
    expect(await screen.findByRole('menuitem', { name: 'Rename' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    await userEvent.click(await menuButton('Plan'));
    expect(await screen.findByRole('menuitem', { name: 'Archive' })).toBeInTheDocument();
  });

  it.each(['MouseLeft', 'TouchA'])('opens on the press itself (%s) and stays open when it is released on the menu button put in its place', async (key) => {
    const user = userEvent.setup();
    renderHistory('/c/new');
    await user.pointer({ keys: `[${key}>]`, target: await menuButton('Plan') });
    expect(await screen.findByRole('menuitem', { name: 'Rename' })).toBeInTheDocument();
    await user.pointer({ keys: `[/${key}]`, target: await menuButton('Plan') });
    expect(screen.getAllByRole('menu')).toHaveLength(1);
    expect(screen.getByRole('menuitem', { name: 'Rename' })).toBeInTheDocument();
  });

  it('leaves a Ctrl-click alone, as Radix does', async () => {
    const user = userEvent.setup();
    renderHistory('/c/new');
    await user.keyboard('{Control>}');
    await user.click(await menuButton('Plan'));
    await user.keyboard('{/Control}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it.each(['{Enter}', ' ', '{ArrowDown}'])('opens from the keyboard (%s) with the first item focused, and gives focus back on Escape', async (key) => {
    renderHistory('/c/new');
    const button = await menuButton('Notes');
    button.focus();
    await userEvent.keyboard(key);
    const rename = await screen.findByRole('menuitem', { name: 'Rename' });
    await waitFor(() => expect(rename).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Duplicate' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(await menuButton('Notes')).toHaveFocus();
  });

  it('opens on a click that came with no press (assistive technology)', async () => {
    renderHistory('/c/new');
    fireEvent.click(await menuButton('Plan'));
    expect(await screen.findByRole('menuitem', { name: 'Delete' })).toBeInTheDocument();
  });
});
