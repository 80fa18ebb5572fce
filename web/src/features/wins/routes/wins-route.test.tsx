import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail } from '@/test/mock-api.ts';
import { mockVault, renderWins, sampleWins } from '../test/wins-test-kit.tsx';

const tiles = () => within(screen.getByRole('list', { name: 'Your wins' })).getAllByRole('button');

describe('Wins Vault: states', () => {
  it('shows skeleton tiles while the vault loads, then the gallery with title, subtitle and the empty preview', async () => {
    mockVault();
    renderWins();
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /Shipped the onboarding redesign/ })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading…' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Wins Vault' })).toBeInTheDocument();
    expect(screen.getByText('Evidence of your momentum')).toBeInTheDocument();
    expect(screen.getByText('Select a win tile to preview and share')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search your wins' })).toHaveAttribute('placeholder', 'Search your wins...');
  });

  it('says "Error loading wins data" when the vault fails, and tries again on request', async () => {
    let failing = true;
    mockVault(sampleWins, { listWins: () => (failing ? fail(500, { code: 'INTERNAL_ERROR', message: 'boom' }) : { wins: sampleWins, digest: { month: 11, year: 2026, tileCount: 3, previewTiles: [] } }) });
    const user = userEvent.setup();
    renderWins();
    expect(await screen.findByRole('alert')).toHaveTextContent('Error loading wins data');
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: /Ran my first 10k/ })).toBeInTheDocument();
  });

  it('greets an empty vault with "Your wins start here", Create Win Tile and Go to Log', async () => {
    mockVault([]);
    const user = userEvent.setup();
    const { router } = renderWins();
    expect(await screen.findByRole('heading', { name: 'Your wins start here' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create Win Tile' }));
    expect(await screen.findByRole('dialog', { name: 'Describe Your Win' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('link', { name: 'Go to Log' }));
    expect(router.state.location.pathname).toBe('/log');
  });

  it('searches title and description, and says when nothing matches', async () => {
    mockVault();
    const user = userEvent.setup();
    renderWins();
    const search = await screen.findByRole('searchbox', { name: 'Search your wins' });
    await screen.findByRole('button', { name: /Ran my first 10k/ });
    await user.type(search, 'STEADY pace');
    expect(tiles().map((tile) => tile.textContent)).toEqual([expect.stringContaining('Ran my first 10k')]);
    await user.clear(search);
    await user.type(search, 'onboarding');
    expect(tiles()).toHaveLength(1);
    await user.type(search, ' marathon');
    expect(screen.getByText('No wins found matching your criteria')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear search and filter' }));
    expect(tiles()).toHaveLength(3);
  });

  it('filters by tag, with "All tags" listing every tile', async () => {
    mockVault();
    const user = userEvent.setup();
    renderWins();
    await screen.findByRole('button', { name: /Ran my first 10k/ });
    const select = screen.getByRole('combobox', { name: 'Filter by tag' });
    expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual(['All tags', 'Health', 'Product', 'Win']);
    await user.selectOptions(select, 'Health');
    expect(tiles()).toHaveLength(1);
    await user.selectOptions(select, 'All tags');
    expect(tiles()).toHaveLength(3);
  });
});

describe('Wins Vault: gallery, timeline and preview', () => {
  it('puts pinned tiles first and shows each tile with its emoji, first tag and date', async () => {
    mockVault([sampleWins[0]!, { ...sampleWins[2]!, isPinned: true }]);
    renderWins();
    await screen.findByRole('button', { name: /Mentored a new teammate/ });
    const [first, second] = tiles();
    expect(first).toHaveTextContent('Mentored a new teammate');
    expect(within(first!).getByText('Pinned')).toBeInTheDocument();
    expect(second).toHaveTextContent(/^🚀Shipped the onboarding redesignWinNov 12, 2026$/);
  });

  it('switches to the timeline with the toggle and with Shift+Space, but not while typing in the search', async () => {
    mockVault();
    const user = userEvent.setup();
    renderWins();
    await screen.findByRole('button', { name: /Ran my first 10k/ });
    await user.click(screen.getByRole('button', { name: 'Timeline' }));
    expect(screen.getByText('November 12, 2026')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Timeline' })).toHaveAttribute('aria-pressed', 'true');
    await user.keyboard('{Shift>} {/Shift}');
    expect(screen.getByRole('button', { name: 'Gallery' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('searchbox'));
    await user.keyboard('{Shift>} {/Shift}');
    expect(screen.getByRole('button', { name: 'Gallery' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('previews the selected tile with its details, source and original content', async () => {
    mockVault();
    const user = userEvent.setup();
    renderWins();
    await user.click(await screen.findByRole('button', { name: /Shipped the onboarding redesign/ }));
    const preview = screen.getByRole('complementary', { name: 'Win preview' });
    expect(within(preview).getByRole('heading', { name: 'Shipped the onboarding redesign' })).toBeInTheDocument();
    expect(within(preview).getByText('November 12, 2026')).toBeInTheDocument();
    expect(within(preview).getByText('Signups finished 20% faster after the new flow.')).toBeInTheDocument();
    expect(within(preview).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Faster signups', 'Fewer support tickets', 'Win', 'Product']);
    expect(within(preview).getByText('From your Log')).toBeInTheDocument();
    await user.click(within(preview).getByRole('button', { name: 'View source' }));
    expect(within(preview).getByText('Today we shipped the redesign and the numbers look great.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Ran my first 10k/ }));
    expect(within(preview).queryByRole('button', { name: 'View source' })).not.toBeInTheDocument();
  });
});
