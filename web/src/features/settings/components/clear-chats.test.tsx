import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { convoKeys } from '@/lib/convo-keys.ts';
import { callsTo, fail, mockApi } from '@/test/mock-api.ts';
import { clearToastsAfterEach, renderSettingsAt } from '../test/settings-test-kit.tsx';

clearToastsAfterEach();

describe('delete all chats', () => {
  it('asks first, then deletes everything, forgets cached chats and starts a new one', async () => {
    const spy = mockApi({ deleteAllConvos: { deletedCount: 4 } });
    const { router, queryClient } = renderSettingsAt('data');
    queryClient.setQueryData(convoKeys.detail('c1'), { conversationId: 'c1', title: 'Old' });

    await userEvent.click(screen.getByRole('button', { name: 'Delete all' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete all chats?' });
    expect(callsTo(spy, 'deleteAllConvos')).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete all chats' }));

    expect(await screen.findByText('new chat page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/c/new');
    expect(screen.getByText('All chats were deleted.')).toBeInTheDocument();
    expect(queryClient.getQueryData(convoKeys.detail('c1'))).toBeUndefined();
  });

  it('stays put and says so when the delete fails', async () => {
    mockApi({ deleteAllConvos: fail(500, { code: 'INTERNAL_ERROR', message: 'boom' }) });
    const { router } = renderSettingsAt('data');
    await userEvent.click(screen.getByRole('button', { name: 'Delete all' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Delete all chats?' })).getByRole('button', { name: 'Delete all chats' }));
    expect(await screen.findByText('Your chats could not be deleted. Please try again.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/settings/data');
  });
});
