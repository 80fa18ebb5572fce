import { DEFAULT_USER_SETTINGS, type UserSettings } from '@meld/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { testMessage } from '@/components/messages/test-messages.ts';
import { setSession } from '@/lib/auth-session.ts';
import { draftStorageKey } from '@/lib/draft-storage.ts';
import { balanceKeys } from '@/lib/balance-queries.ts';
import { type ApiMocks, callsTo, type FetchSpy, mergeMocks, mockApi, when } from '@/test/mock-api.ts';
import { testConfig, testUser } from '@/test/fixtures.ts';
import { renderRoutes } from '@/test/render.tsx';
import { resetStreamForTests } from '../lib/stream-store.ts';
import { bodyOf, demoEndpoints, demoModels, sseStream, testConvo } from '../test/chat-fixtures.tsx';
import { Component as ChatRoute } from './chat-route.tsx';

afterEach(() => resetStreamForTests());

const question = testMessage('q', undefined, { text: 'How do tides work?' });
const answer = testMessage('r1', 'q', { minute: 1, isCreatedByUser: false, sender: 'demo', text: 'The moon pulls the sea.' });

/** The chat with the user's saved settings as the server has them. */
function renderChat(path: string, settings: Partial<UserSettings>, routes: ApiMocks = {}) {
  setSession('tok', testUser, { broadcast: false });
  const stream = sseStream();
  const fetchSpy = mockApi(
    mergeMocks(
      {
        getConfig: testConfig(),
        listEndpoints: demoEndpoints,
        listModels: demoModels,
        getConvo: when({ conversationId: 'c1' }, testConvo('c1', { title: 'Tides' })),
        getMessages: when({ conversationId: 'c1' }, [question, answer]),
        getUserSettings: { ...DEFAULT_USER_SETTINGS, ...settings },
        askDemo: stream.response,
      },
      routes,
    ),
  );
  const view = renderRoutes([{ path: '/c/:conversationId', element: <ChatRoute /> }], path);
  return { ...view, fetchSpy, stream };
}

async function composer() {
  const box = await screen.findByRole('textbox', { name: 'Message' });
  await waitFor(() => expect(screen.getByRole('button', { name: /^Model:/ })).toHaveAttribute('title', 'meld-demo'));
  return box;
}

/** Waits until the saved settings have replaced the defaults shown while loading. */
async function settingsLoaded(fetchSpy: FetchSpy) {
  await waitFor(() => expect(callsTo(fetchSpy, 'getUserSettings')).toHaveLength(1));
  await new Promise((resolve) => setTimeout(resolve, 0));
}

describe('chat settings in the conversation', () => {
  it('with enter to send off, Enter breaks the line and Ctrl+Enter sends', async () => {
    const { fetchSpy } = renderChat('/c/new', { enterToSend: false });
    const box = await composer();
    await settingsLoaded(fetchSpy);
    await userEvent.type(box, 'First line{Enter}second line');
    expect(box).toHaveValue('First line\nsecond line');
    expect(callsTo(fetchSpy, 'askDemo')).toHaveLength(0);
    await userEvent.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(callsTo(fetchSpy, 'askDemo')).toHaveLength(1));
    expect(bodyOf(callsTo(fetchSpy, 'askDemo')[0])).toMatchObject({ text: 'First line\nsecond line' });
  });

  it('with save drafts off, neither brings back nor keeps a draft', async () => {
    const saved = JSON.stringify({ text: 'A draft from before', files: [] });
    localStorage.setItem(draftStorageKey(testUser.id, 'c1'), saved);
    const { fetchSpy } = renderChat('/c/c1', { saveDrafts: false });
    await settingsLoaded(fetchSpy);
    const box = await composer();
    expect(box).toHaveValue('');
    await userEvent.type(box, 'Not for keeping');
    await new Promise((resolve) => setTimeout(resolve, 2_600));
    expect(localStorage.getItem(draftStorageKey(testUser.id, 'c1'))).toBe(saved);
  });

  it('shows the messages in the chosen font size and direction', async () => {
    renderChat('/c/c1', { fontSize: 'xl', chatDirection: 'RTL' });
    const reply = await screen.findByRole('article', { name: 'demo' });
    await waitFor(() => expect(reply.closest('[dir]')).toHaveAttribute('dir', 'rtl'));
    expect((reply.closest('[dir]') as HTMLElement).style.fontSize).toBe('1.25rem');
  });

  it('forks at once with the saved defaults when the fork button should not ask', async () => {
    const forked = { conversation: testConvo('c2', { title: 'Tides' }) };
    const { fetchSpy, router } = renderChat('/c/c1', { rememberDefaultFork: true, forkSetting: 'includeBranches', splitAtTarget: true }, {
      forkConvo: forked,
      getConvo: when({ conversationId: 'c2' }, forked.conversation),
      getMessages: when({ conversationId: 'c2' }, [question]),
    });
    await settingsLoaded(fetchSpy);
    const reply = await screen.findByRole('article', { name: 'demo' });
    await userEvent.click(within(reply).getByRole('button', { name: 'Fork' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/c/c2'));
    expect(bodyOf(callsTo(fetchSpy, 'forkConvo')[0])).toMatchObject({ messageId: 'r1', option: 'includeBranches', splitAtTarget: true });
  });
});

describe('after a reply', () => {
  it('marks the balance out of date once the reply is saved', async () => {
    const { fetchSpy, stream, queryClient } = renderChat('/c/c1', {});
    queryClient.setQueryData(balanceKeys.all, { enabled: false });
    await userEvent.type(await composer(), 'And the sun?{Enter}');
    await waitFor(() => expect(callsTo(fetchSpy, 'askDemo')).toHaveLength(1));
    const sent = bodyOf(callsTo(fetchSpy, 'askDemo')[0]) as { messageId: string };
    const user = testMessage(sent.messageId, 'r1', { minute: 2, text: 'And the sun?' });
    act(() => stream.send({ type: 'created', conversationId: 'c1', message: user }));
    expect(queryClient.getQueryState(balanceKeys.all)?.isInvalidated).toBe(false);
    const saved = testMessage('r2', user.messageId, { minute: 3, isCreatedByUser: false, sender: 'demo', text: 'The sun pulls too.' });
    act(() => stream.send({ type: 'final', conversation: testConvo('c1', { title: 'Tides' }), requestMessage: user, responseMessage: saved }));
    await waitFor(() => expect(queryClient.getQueryState(balanceKeys.all)?.isInvalidated).toBe(true));
  });
});
