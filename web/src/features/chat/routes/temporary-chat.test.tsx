import { DEFAULT_USER_SETTINGS } from '@meld/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testMessage } from '@/components/messages/test-messages.ts';
import { setSession } from '@/lib/auth-session.ts';
import { type ApiMocks, callsTo, type FetchSpy, mockApi, when } from '@/test/mock-api.ts';
import { testConfig, testUser } from '@/test/fixtures.ts';
import { renderRoutes } from '@/test/render.tsx';
import { roleInfo, roleRoutes } from '@/test/roles.ts';
import { Outlet } from 'react-router-dom';
import { modelPicker } from '../components/composer/composer-test-kit.tsx';
import { ChatHistory } from '../components/sidebar/chat-history.tsx';
import { resetStreamForTests } from '../lib/stream-store.ts';
import { temporaryChatStore } from '../lib/temporary-chat.ts';
import { bodyOf, demoEndpoints, demoModels, giveElementsHeight, page, sseStream, testConvo } from '../test/chat-fixtures.tsx';
import { Component as ChatRoute } from './chat-route.tsx';

beforeEach(() => giveElementsHeight());
afterEach(() => {
  resetStreamForTests();
  temporaryChatStore.set(false);
});

const expiredAt = '2026-02-04T09:00:00.000Z';

/** The sidebar history beside the chat, as the shell lays them out. */
function renderChat(routes: ApiMocks = {}) {
  setSession('tok', testUser, { broadcast: false });
  const stream = sseStream();
  const fetchSpy = mockApi({
    getConfig: testConfig(),
    ...roleRoutes(),
    listEndpoints: demoEndpoints,
    listModels: demoModels,
    getUserSettings: DEFAULT_USER_SETTINGS,
    searchEnabled: false,
    listConvos: page([testConvo('a', { title: 'Anything' })]),
    getConvo: when({ conversationId: 't1' }, testConvo('t1', { title: 'New Chat', expiredAt })),
    getMessages: when({ conversationId: 't1' }, []),
    askDemo: stream.response,
    ...routes,
  });
  const element = (
    <>
      <ChatHistory onNavigate={() => {}} />
      <Outlet />
    </>
  );
  const view = renderRoutes([{ element, children: [{ path: '/c/:conversationId', element: <ChatRoute /> }] }], '/c/new');
  return { ...view, fetchSpy, stream };
}

async function composer() {
  const box = await screen.findByRole('textbox', { name: 'Message' });
  await waitFor(() => expect(modelPicker()).toHaveAttribute('title', 'meld-demo'));
  return box;
}

const asks = (spy: FetchSpy) => callsTo(spy, 'askDemo');

describe('temporary chat', () => {
  it('starts a new chat as temporary when switched on: it stays out of the history and is marked as temporary', async () => {
    const { fetchSpy, stream, router } = renderChat();
    const history = screen.getByRole('region', { name: 'Chats' });
    await within(history).findByRole('link', { name: 'Anything' });
    const toggle = await screen.findByRole('switch', { name: 'Temporary chat' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-checked', 'true');

    await userEvent.type(await composer(), 'Just between us{Enter}');
    await waitFor(() => expect(asks(fetchSpy)).toHaveLength(1));
    const sent = bodyOf(asks(fetchSpy)[0]) as { messageId: string };
    expect(sent).toMatchObject({ text: 'Just between us', conversationId: null, isTemporary: true });

    act(() => stream.send({ type: 'created', conversationId: 't1', message: testMessage(sent.messageId, undefined, { conversationId: 't1', text: 'Just between us' }) }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/c/t1'));
    expect(await screen.findByText('Temporary')).toBeInTheDocument();
    expect(within(history).getAllByRole('link').map((link) => link.textContent)).toEqual(['Anything']);

    // The saved answer does not list it either.
    const requestMessage = testMessage(sent.messageId, undefined, { conversationId: 't1', text: 'Just between us' });
    const responseMessage = testMessage('r1', sent.messageId, { conversationId: 't1', minute: 1, isCreatedByUser: false, text: 'Of course.' });
    act(() => stream.send({ type: 'final', conversation: testConvo('t1', { title: 'Just between us', expiredAt: '2026-12-29T00:00:00.000Z' }), requestMessage, responseMessage }));
    expect(await screen.findByText('Of course.')).toBeInTheDocument();
    expect(within(history).getAllByRole('link').map((link) => link.textContent)).toEqual(['Anything']);
  });

  it.each([
    ['the role may not use temporary chats', { getRole: when({ role: 'USER' }, roleInfo('USER', { TEMPORARY_CHAT: { USE: false } })) }],
    ['the operator hides temporary chat', { getConfig: testConfig({ interface: { temporaryChat: false } }) }],
  ])('offers no temporary switch when %s, and a new chat is an ordinary one', async (_case, routes) => {
    temporaryChatStore.set(true);
    const { fetchSpy } = renderChat(routes);
    const box = await composer();
    await waitFor(() => expect(callsTo(fetchSpy, 'getRole', { role: 'USER' })).toHaveLength(1));
    expect(screen.queryByRole('switch', { name: 'Temporary chat' })).not.toBeInTheDocument();
    await userEvent.type(box, 'Out in the open{Enter}');
    await waitFor(() => expect(asks(fetchSpy)).toHaveLength(1));
    expect(bodyOf(asks(fetchSpy)[0])).not.toHaveProperty('isTemporary');
  });
});
