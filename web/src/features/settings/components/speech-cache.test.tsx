import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/mock-api.ts';
import { clearToastsAfterEach, renderSettingsAt, settingsServer } from '../test/settings-test-kit.tsx';

clearToastsAfterEach();
afterEach(() => vi.unstubAllGlobals());

describe('deleting the TTS cache', () => {
  it('deletes the tts-responses cache from the Data tab and says so', async () => {
    const deleteCache = vi.fn(async () => true);
    vi.stubGlobal('caches', { delete: deleteCache, open: vi.fn() });
    mockApi(settingsServer().routes);
    renderSettingsAt('data');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete TTS cache' }));
    await waitFor(() => expect(deleteCache).toHaveBeenCalledWith('tts-responses'));
    expect(await screen.findByText('The spoken replies kept in this browser were deleted.')).toBeInTheDocument();
  });

  it('says so when the browser refuses', async () => {
    vi.stubGlobal('caches', { delete: vi.fn(async () => Promise.reject(new DOMException('denied', 'SecurityError'))), open: vi.fn() });
    mockApi(settingsServer().routes);
    renderSettingsAt('data');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete TTS cache' }));
    expect(await screen.findByText('The spoken replies could not be deleted.')).toBeInTheDocument();
  });
});
