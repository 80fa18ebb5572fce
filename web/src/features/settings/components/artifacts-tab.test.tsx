import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/mock-api.ts';
import { clearToastsAfterEach, renderSettingsAt, settingsServer } from '../test/settings-test-kit.tsx';

clearToastsAfterEach();

/** The kit names the tabs it knew when written; the Artifacts tab opens the same way. */
const renderArtifactsTab = () => renderSettingsAt('artifacts' as Parameters<typeof renderSettingsAt>[0]);

describe('artifact settings', () => {
  it('offers shadcn only with artifacts on and custom prompt mode off', async () => {
    mockApi(settingsServer().routes);
    renderArtifactsTab();
    const shadcn = await screen.findByRole('switch', { name: 'Include shadcn/ui' });
    expect(shadcn).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Custom prompt mode' })).toBeDisabled();
    await userEvent.click(screen.getByRole('switch', { name: 'Code artifacts' }));
    expect(shadcn).toBeEnabled();
    await userEvent.click(screen.getByRole('switch', { name: 'Custom prompt mode' }));
    expect(shadcn).toBeDisabled();
  });

  it('turning artifacts off turns shadcn and custom prompt mode off with it, saved together', async () => {
    const server = settingsServer({ artifacts: true, artifactsShadcn: true });
    mockApi(server.routes);
    renderArtifactsTab();
    const artifacts = screen.getByRole('switch', { name: 'Code artifacts' });
    await waitFor(() => expect(artifacts).toHaveAttribute('aria-checked', 'true'));
    expect(screen.getByRole('switch', { name: 'Include shadcn/ui' })).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(artifacts);
    await waitFor(() => expect(server.state.patches).toEqual([{ artifacts: false, artifactsShadcn: false, artifactsCustomPrompt: false }]));
    expect(screen.getByRole('switch', { name: 'Include shadcn/ui' })).toHaveAttribute('aria-checked', 'false');
  });

  it('custom prompt mode on turns shadcn off', async () => {
    const server = settingsServer({ artifacts: true, artifactsShadcn: true });
    mockApi(server.routes);
    renderArtifactsTab();
    const custom = screen.getByRole('switch', { name: 'Custom prompt mode' });
    await waitFor(() => expect(custom).toBeEnabled());
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Include shadcn/ui' })).toHaveAttribute('aria-checked', 'true'));
    await userEvent.click(custom);
    await waitFor(() => expect(server.state.patches).toEqual([{ artifactsCustomPrompt: true, artifactsShadcn: false }]));
  });
});
