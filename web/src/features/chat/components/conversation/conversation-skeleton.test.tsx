import { DEFAULT_USER_SETTINGS } from '@meld/shared';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { testMessage } from '@/components/messages/test-messages.ts';
import { setSession } from '@/lib/auth-session.ts';
import { callsTo, held, mockApi } from '@/test/mock-api.ts';
import { testConfig, testUser } from '@/test/fixtures.ts';
import { renderRoutes } from '@/test/render.tsx';
import { roleRoutes } from '@/test/roles.ts';
import { demoEndpoints, demoModels, testConvo } from '../../test/chat-fixtures.tsx';
import { resetStreamForTests } from '../../lib/stream-store.ts';
import { Component as ChatRoute } from '../../routes/chat-route.tsx';

afterEach(() => resetStreamForTests());

describe('a conversation while it loads', () => {
  it('shows the page layout, announced as loading, where the messages will be', async () => {
    setSession('tok', testUser, { broadcast: false });
    const convo = held<'getConvo'>();
    const fetch = mockApi({
      getConfig: testConfig(),
      getConvo: convo.handler,
      getMessages: { messages: [testMessage('q', undefined, { text: 'How do tides work?' })], nextCursor: null },
      listEndpoints: demoEndpoints,
      listModels: demoModels,
      getUserSettings: DEFAULT_USER_SETTINGS,
      ...roleRoutes(),
    });
    renderRoutes([{ path: '/c/:conversationId', element: <ChatRoute /> }], '/c/c1');

    // First while the view's code loads, then while its data does: the same layout both times.
    const skeleton = await screen.findByTestId('conversation-skeleton');
    expect(skeleton).toHaveAttribute('role', 'status');
    expect(skeleton).toHaveTextContent('Loading');
    await expect.poll(() => callsTo(fetch, 'getConvo'), { timeout: 5_000 }).toHaveLength(1);
    expect(screen.getByTestId('conversation-skeleton')).toHaveTextContent('Loading');

    convo.answer(testConvo('c1', { title: 'Tides' }));
    expect(await screen.findByRole('heading', { name: 'Tides' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('conversation-skeleton')).toBeNull());
  });
});
