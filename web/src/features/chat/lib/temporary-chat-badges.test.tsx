import { DEFAULT_USER_SETTINGS } from '@meld/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setSession } from '@/lib/auth-session.ts';
import { mockApi } from '@/test/mock-api.ts';
import { testConfig, testUser } from '@/test/fixtures.ts';
import { renderAt } from '@/test/render.tsx';
import { roleRoutes } from '@/test/roles.ts';
import { TemporaryChatToggle } from '../components/temporary-chat-toggle.tsx';
import { temporaryChatStore } from './temporary-chat.ts';

/** A new chat's badge row as it opens (after a send, a navigation or a reload). */
async function openNewChat(saveBadgesState: boolean) {
  setSession('tok', testUser, { broadcast: false });
  mockApi({ getConfig: testConfig(), ...roleRoutes(), getUserSettings: { ...DEFAULT_USER_SETTINGS, saveBadgesState } });
  const view = renderAt(<TemporaryChatToggle />, '/c/new');
  const toggle = await screen.findByRole('switch', { name: 'Temporary chat' });
  return { ...view, toggle };
}

describe('save badges state', () => {
  it('off (the default): every new chat starts with its Temporary chat badge off', async () => {
    const first = await openNewChat(false);
    await userEvent.click(first.toggle);
    expect(first.toggle).toHaveAttribute('aria-checked', 'true');
    first.unmount();

    const next = await openNewChat(false);
    await waitFor(() => expect(next.toggle).toHaveAttribute('aria-checked', 'false'));
  });

  it('on: the next new chat, even after a reload, has the badge as the member left it', async () => {
    const first = await openNewChat(true);
    await waitFor(() => expect(first.toggle).toHaveAttribute('aria-checked', 'false'));
    await userEvent.click(first.toggle);
    first.unmount();
    // A reload forgets the page's memory; the saved state brings it back.
    temporaryChatStore.set(false);

    const next = await openNewChat(true);
    await waitFor(() => expect(next.toggle).toHaveAttribute('aria-checked', 'true'));
    await userEvent.click(next.toggle);
    next.unmount();
    temporaryChatStore.set(true);

    const third = await openNewChat(true);
    await waitFor(() => expect(third.toggle).toHaveAttribute('aria-checked', 'false'));
  });
});
