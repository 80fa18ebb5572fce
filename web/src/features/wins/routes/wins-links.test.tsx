import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockVault, renderWins } from '../test/wins-test-kit.tsx';

const preview = () => screen.getByRole('complementary', { name: 'Win preview' });

describe('Wins Vault: links into the vault', () => {
  it('opens the win of ?win= (the Log\u2019s "Open source") in the preview, then clears the address', async () => {
    mockVault();
    const { router } = renderWins('/library/wins-vault?win=w2');
    expect(await within(preview()).findByRole('heading', { name: 'Ran my first 10k' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Ran my first 10k/, pressed: true })).toBeInTheDocument();
    expect(screen.queryByText('Select a win tile to preview and share')).not.toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('says gently that a linked win no longer exists and shows the vault as it was', async () => {
    mockVault();
    const { router } = renderWins('/library/wins-vault?win=deleted');
    expect(await screen.findByText('That win is no longer in your vault; it may have been deleted')).toBeInTheDocument();
    expect(screen.getByText('Select a win tile to preview and share')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});
