import type { WinTile } from '@meld/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { callsTo, fail, reply, when } from '@/test/mock-api.ts';
import { bodyOf, digestOf, mockVault, renderWins, sampleWins, tile } from '../test/wins-test-kit.tsx';

const preview = () => screen.getByRole('complementary', { name: 'Win preview' });

async function openTile(user: ReturnType<typeof userEvent.setup>, name: RegExp) {
  await user.click(await screen.findByRole('button', { name }));
}

describe('Wins Vault: creating and editing', () => {
  it('keeps Create disabled until the win has non-blank text, then saves it and selects the new tile', async () => {
    const created = tile({ id: 'w9', title: 'Gave the keynote', tags: ['Win', 'Talks'], emoji: '🎤', impact: ['Booked two follow-ups'] });
    const wins = [...sampleWins];
    const spy = mockVault(wins, { createWin: () => (wins.push(created), reply(created, 201)) });
    const user = userEvent.setup();
    renderWins();
    await screen.findByRole('button', { name: /Ran my first 10k/ });
    await user.click(within(screen.getByRole('complementary', { name: 'Wins tools' })).getByRole('button', { name: /New Win Tile/ }));
    const dialog = screen.getByRole('dialog', { name: 'Describe Your Win' });
    const create = within(dialog).getByRole('button', { name: 'Create' });
    expect(create).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: 'What did you achieve?' }), '   ');
    expect(create).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: 'What did you achieve?' }), 'Gave the keynote ');
    await user.type(within(dialog).getByRole('textbox', { name: /Emoji/ }), '🎤');
    await user.type(within(dialog).getByRole('textbox', { name: /Tags/ }), 'Win, Talks, ,Talks');
    for (let i = 0; i < 3; i++) await user.click(within(dialog).getByRole('button', { name: /Add impact point/ }));
    expect(within(dialog).queryByRole('button', { name: /Add impact point/ })).not.toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Impact point 1' }), 'Booked two follow-ups');
    await user.click(create);

    expect(await screen.findByText('Win tile created')).toBeInTheDocument();
    expect(bodyOf(callsTo(spy, 'createWin')[0]!)).toEqual({
      title: 'Gave the keynote',
      description: '',
      emoji: '🎤',
      tags: ['Win', 'Talks'],
      impact: ['Booked two follow-ups'],
      source: 'manual',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(preview()).findByRole('heading', { name: 'Gave the keynote' })).toBeInTheDocument();
    expect(callsTo(spy, 'listWins')).toHaveLength(2);
  });

  it('opens the create dialog with Cmd/Ctrl+Alt+W', async () => {
    mockVault();
    const user = userEvent.setup();
    renderWins();
    await screen.findByRole('button', { name: /Ran my first 10k/ });
    await user.keyboard('{Control>}{Alt>}w{/Alt}{/Control}');
    expect(screen.getByRole('dialog', { name: 'Describe Your Win' })).toBeInTheDocument();
  });

  it('edits a tile: Update is disabled while the title is blank, and the change shows at once', async () => {
    // The server's list follows the edit, as the real one does.
    const wins = [...sampleWins];
    const spy = mockVault(wins, {
      updateWin: when({ id: 'w2' }, ({ init }) => (wins[1] = { ...sampleWins[1]!, ...(bodyOf(init) as Partial<WinTile>) })),
    });
    const user = userEvent.setup();
    renderWins();
    await openTile(user, /Ran my first 10k/);
    await user.click(within(preview()).getByRole('button', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Win Tile' });
    const title = within(dialog).getByRole('textbox', { name: 'Title' });
    expect(title).toHaveValue('Ran my first 10k');
    expect(within(dialog).getByRole('textbox', { name: /Emoji/ })).toHaveValue('🏃');
    await user.clear(title);
    expect(within(dialog).getByRole('button', { name: 'Update' })).toBeDisabled();
    await user.type(title, 'Ran my first half marathon');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));

    expect(await screen.findByText('Win tile updated')).toBeInTheDocument();
    expect(bodyOf(callsTo(spy, 'updateWin', { id: 'w2' })[0]!)).toMatchObject({ title: 'Ran my first half marathon', tags: ['Win', 'Health'], emoji: '🏃' });
    expect(within(preview()).getByRole('heading', { name: 'Ran my first half marathon' })).toBeInTheDocument();
  });
});

const SHARE_TEXT = '🚀 Shipped the onboarding redesign\nAchieved November 12, 2026\n\nSignups finished 20% faster after the new flow.\n\nImpact:\n• Faster signups\n• Fewer support tickets\n\n#Win #Product';

describe('Wins Vault: pin, share, delete and digest', () => {
  it('pins at once and confirms, then unpins back when the server refuses, with a toast', async () => {
    let refuse = false;
    // The vault read after a pin holds it, as the server keeps it.
    const wins = [...sampleWins];
    mockVault(wins, {
      pinWin: when({ id: 'w3' }, ({ init }) => {
        if (refuse) return fail(500, { code: 'INTERNAL_ERROR', message: 'nope' });
        wins[2] = { ...wins[2]!, isPinned: (bodyOf(init) as { pinned: boolean }).pinned };
        return wins[2];
      }),
    });
    const user = userEvent.setup();
    renderWins();
    await openTile(user, /Mentored a new teammate/);
    await user.click(within(preview()).getByRole('button', { name: 'Pin' }));
    expect(await screen.findByText('Win tile pinned')).toBeInTheDocument();
    expect(within(screen.getByRole('button', { name: /Mentored a new teammate/ })).getByText('Pinned')).toBeInTheDocument();

    refuse = true;
    await user.click(within(preview()).getByRole('button', { name: 'Unpin' }));
    expect(await screen.findByText('Could not update the pin; it is back as it was')).toBeInTheDocument();
    expect(within(preview()).getByRole('button', { name: 'Unpin' })).toBeInTheDocument();
  });

  it('without a share sheet, Share and Cmd/Ctrl+Enter copy the tile and count no share', async () => {
    const spy = mockVault(sampleWins, { shareWin: when({ id: 'w1' }, () => ({ ...sampleWins[0]!, isShared: true, shareCount: 1 })) });
    const user = userEvent.setup();
    renderWins();
    await openTile(user, /Shipped the onboarding redesign/);
    await user.click(within(preview()).getByRole('button', { name: 'Share' }));
    expect(await screen.findByText('Win tile copied to clipboard')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(SHARE_TEXT);
    await navigator.clipboard.writeText('');
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(async () => expect(await navigator.clipboard.readText()).toBe(SHARE_TEXT));
    expect(callsTo(spy, 'shareWin')).toHaveLength(0);
  });

  it('counts a share once the share sheet sends the tile, and none when the member closes the sheet', async () => {
    const spy = mockVault(sampleWins, { shareWin: when({ id: 'w1' }, () => ({ ...sampleWins[0]!, isShared: true, shareCount: 1 })) });
    const share = vi.fn<(data: ShareData) => Promise<void>>().mockRejectedValueOnce(new DOMException('closed', 'AbortError')).mockResolvedValueOnce(undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    try {
      const user = userEvent.setup();
      renderWins();
      await openTile(user, /Shipped the onboarding redesign/);
      await user.click(within(preview()).getByRole('button', { name: 'Share' }));
      await waitFor(() => expect(share).toHaveBeenCalledTimes(1));
      expect(callsTo(spy, 'shareWin')).toHaveLength(0);
      await user.click(within(preview()).getByRole('button', { name: 'Share' }));
      expect(await within(preview()).findByText(/Shared once/)).toBeInTheDocument();
      expect(share).toHaveBeenLastCalledWith({ title: 'Shipped the onboarding redesign', text: SHARE_TEXT });
      expect(callsTo(spy, 'shareWin', { id: 'w1' })).toHaveLength(1);
      expect(screen.queryByText('Win tile copied to clipboard')).not.toBeInTheDocument();
    } finally {
      Reflect.deleteProperty(navigator, 'share');
    }
  });

  it('records no share when the browser refuses the clipboard, and copies nothing with no tile selected', async () => {
    const spy = mockVault(sampleWins, { shareWin: when({ id: 'w1' }, () => sampleWins[0]!) });
    const user = userEvent.setup();
    renderWins();
    await screen.findByRole('button', { name: /Shipped the onboarding redesign/ });
    await user.keyboard('{Control>}{Enter}{/Control}');
    await openTile(user, /Shipped the onboarding redesign/);
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    await user.click(within(preview()).getByRole('button', { name: 'Share' }));
    expect(await screen.findByText('Could not copy to the clipboard')).toBeInTheDocument();
    expect(callsTo(spy, 'shareWin', { id: 'w1' })).toHaveLength(0);
  });

  it('keeps the create dialog and its text when the server refuses the win', async () => {
    mockVault(sampleWins, { createWin: () => fail(500, { code: 'INTERNAL_ERROR', message: 'boom' }) });
    const user = userEvent.setup();
    renderWins();
    await screen.findByRole('button', { name: /Ran my first 10k/ });
    await user.keyboard('{Control>}{Alt>}w{/Alt}{/Control}');
    const dialog = screen.getByRole('dialog', { name: 'Describe Your Win' });
    await user.type(within(dialog).getByRole('textbox', { name: 'What did you achieve?' }), 'Fixed the flaky build');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Could not create the win tile')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'What did you achieve?' })).toHaveValue('Fixed the flaky build');
  });

  it('deletes a tile only after the confirmation', async () => {
    const wins = [...sampleWins];
    const spy = mockVault(wins, { deleteWin: when({ id: 'w2' }, () => (wins.splice(1, 1), { deleted: true })) });
    const user = userEvent.setup();
    renderWins();
    await openTile(user, /Ran my first 10k/);
    await user.click(within(preview()).getByRole('button', { name: 'Delete' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete this win?' });
    expect(confirm).toHaveTextContent('"Ran my first 10k" will be removed from your vault.');
    expect(callsTo(spy, 'deleteWin', { id: 'w2' })).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Win tile deleted')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Ran my first 10k/ })).not.toBeInTheDocument();
    expect(screen.getByText('Select a win tile to preview and share')).toBeInTheDocument();
  });

  it('reviews the monthly digest and copies its summary with Share Digest', async () => {
    mockVault();
    const user = userEvent.setup();
    renderWins();
    const card = await screen.findByRole('region', { name: 'November wins ready' });
    expect(card).toHaveTextContent('3 tiles this month');
    await user.click(within(card).getByRole('button', { name: 'Review Digest' }));
    const dialog = screen.getByRole('dialog', { name: 'Your November 2026 digest' });
    expect(within(dialog).getByText('3')).toBeInTheDocument();
    expect(within(dialog).getByText('wins this month')).toBeInTheDocument();
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(3);
    await user.click(within(dialog).getByRole('button', { name: 'Share Digest' }));
    expect(await screen.findByText('Digest copied to clipboard')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe('My November 2026 wins: 3\n🚀 Shipped the onboarding redesign\n🏃 Ran my first 10k\n🎯 Mentored a new teammate');
  });

  it('puts a win pinned in the vault into the digest it opens next', async () => {
    // Four November wins: the digest previews three, pinned first (as the server orders them).
    let wins = [...sampleWins, tile({ id: 'w4', title: 'Wrote the team handbook', emoji: '📘', achievedAt: '2026-11-02T09:00:00.000Z', date: '2026-11-02' })];
    const digest = () => digestOf([...wins.filter((win) => win.isPinned), ...wins.filter((win) => !win.isPinned)]);
    mockVault(wins, {
      listWins: () => ({ wins, digest: { ...digest(), tileCount: wins.length } }),
      pinWin: when({ id: 'w4' }, ({ init }) => {
        wins = wins.map((win) => (win.id === 'w4' ? { ...win, isPinned: (bodyOf(init) as { pinned: boolean }).pinned } : win));
        return wins.find((win) => win.id === 'w4')!;
      }),
    });
    const user = userEvent.setup();
    renderWins();
    await openTile(user, /Wrote the team handbook/);
    await user.click(within(preview()).getByRole('button', { name: 'Pin' }));
    expect(await screen.findByText('Win tile pinned')).toBeInTheDocument();

    await user.click(within(screen.getByRole('region', { name: 'November wins ready' })).getByRole('button', { name: 'Review Digest' }));
    const dialog = screen.getByRole('dialog', { name: 'Your November 2026 digest' });
    await waitFor(() => expect(within(dialog).getAllByRole('listitem')[0]).toHaveTextContent('Wrote the team handbook'));
    await user.click(within(dialog).getByRole('button', { name: 'Share Digest' }));
    expect(await navigator.clipboard.readText()).toContain('📘 Wrote the team handbook');
  });

  it('shows the quick-pick sources as labels, not buttons', async () => {
    mockVault();
    renderWins();
    const tools = await screen.findByRole('complementary', { name: 'Wins tools' });
    expect(within(tools).getByText('Pinned insights')).toBeInTheDocument();
    expect(within(tools).queryByRole('button', { name: /Pinned insights|Upload image/ })).not.toBeInTheDocument();
  });
});
