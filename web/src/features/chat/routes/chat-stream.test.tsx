import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testMessage } from '@/components/messages/test-messages.ts';
import { setSession } from '@/lib/auth-session.ts';
import { convoKeys } from '@/lib/convo-keys.ts';
import { type ApiMocks, callsTo, fail, type FetchSpy, mockApi, when } from '@/test/mock-api.ts';
import { testConfig, testUser } from '@/test/fixtures.ts';
import { renderRoutes } from '@/test/render.tsx';
import { draftKey } from '../hooks/use-draft.ts';
import { CONNECTION_WARNING_MS } from '../hooks/use-send-message.ts';
import { resetStreamForTests } from '../lib/stream-store.ts';
import { bodyOf, demoEndpoints, demoModels, sseStream, testConvo } from '../test/chat-fixtures.tsx';
import { Component as ChatRoute } from './chat-route.tsx';

afterEach(() => resetStreamForTests());

const question = testMessage('q', undefined, { text: 'How do tides work?' });
const answer = testMessage('r1', 'q', { minute: 1, isCreatedByUser: false, sender: 'demo', text: 'The moon pulls the sea.' });

function renderChat(path: string, routes: ApiMocks = {}) {
  setSession('tok', testUser, { broadcast: false });
  const stream = sseStream();
  const fetchSpy = mockApi({
    getConfig: testConfig(),
    listEndpoints: demoEndpoints,
    listModels: demoModels,
    getConvo: when({ conversationId: 'c1' }, testConvo('c1', { title: 'Tides' })),
    getMessages: when({ conversationId: 'c1' }, [question, answer]),
    askDemo: stream.response,
    abortAsk: when({ endpoint: 'demo' }, { aborted: true }),
    ...routes,
  });
  const view = renderRoutes([{ path: '/c/:conversationId', element: <ChatRoute /> }], path);
  return { ...view, fetchSpy, stream };
}

async function composer() {
  const box = await screen.findByRole('textbox', { name: 'Message' });
  await waitFor(() => expect(screen.getByRole('combobox', { name: 'Model' })).toHaveValue('demo\u0000meld-demo'));
  return box;
}

const asks = (spy: FetchSpy) => callsTo(spy, 'askDemo');

describe('composer', () => {
  it('sends on Enter, adds a line on Shift+Enter, and cannot send only whitespace', async () => {
    const { fetchSpy } = renderChat('/c/new');
    const box = await composer();
    const send = screen.getByRole('button', { name: 'Send message' });
    expect(send).toBeDisabled();
    await userEvent.type(box, '   ');
    expect(send).toBeDisabled();
    await userEvent.keyboard('{Enter}');
    expect(asks(fetchSpy)).toHaveLength(0);

    await userEvent.clear(box);
    await userEvent.type(box, 'First line{Shift>}{Enter}{/Shift}second line');
    expect(box).toHaveValue('First line\nsecond line');
    expect(send).toBeEnabled();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(asks(fetchSpy)).toHaveLength(1));
    expect(bodyOf(asks(fetchSpy)[0])).toMatchObject({ text: 'First line\nsecond line', conversationId: null, model: 'meld-demo', isRegenerate: false });
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('');
    expect(await screen.findByText(/second line/)).toBeInTheDocument();
  });

  it('offers the demo as the offline demo and clears the saved draft on send', async () => {
    localStorage.setItem(draftKey('c1'), 'A draft from before');
    renderChat('/c/c1');
    const box = await composer();
    expect(screen.getByRole('option', { name: 'meld-demo · Offline demo' })).toBeInTheDocument();
    expect(box).toHaveValue('A draft from before');
    await userEvent.type(box, '{Enter}');
    expect(localStorage.getItem(draftKey('c1'))).toBeNull();
  });

  it('answers the last message on screen and stops the reply with Stop', async () => {
    const { fetchSpy } = renderChat('/c/c1');
    await userEvent.type(await composer(), 'And the sun?{Enter}');
    await waitFor(() => expect(asks(fetchSpy)).toHaveLength(1));
    expect(bodyOf(asks(fetchSpy)[0])).toMatchObject({ conversationId: 'c1', parentMessageId: 'r1' });

    await userEvent.click(await screen.findByRole('button', { name: 'Stop generating' }));
    await waitFor(() => expect(callsTo(fetchSpy, 'abortAsk', { endpoint: 'demo' })).toHaveLength(1));
    const sent = bodyOf(asks(fetchSpy)[0]) as { messageId: string };
    expect(bodyOf(callsTo(fetchSpy, 'abortAsk', { endpoint: 'demo' })[0])).toEqual({ conversationId: 'c1', messageId: sent.messageId });
    expect(screen.getByRole('button', { name: 'Send message' })).toBeInTheDocument();
  });
});

describe('streaming a reply', () => {
  it('shows the tokens as they arrive, then the saved reply', async () => {
    const { fetchSpy, stream, queryClient } = renderChat('/c/c1');
    await userEvent.type(await composer(), 'And the sun?{Enter}');
    await waitFor(() => expect(asks(fetchSpy)).toHaveLength(1));
    const sent = bodyOf(asks(fetchSpy)[0]) as { messageId: string };
    const user = testMessage(sent.messageId, 'r1', { minute: 2, text: 'And the sun?' });

    act(() => stream.send({ type: 'created', conversationId: 'c1', message: user }));
    act(() => stream.send({ type: 'delta', messageId: 'r2', part: 'think', text: 'Gravity again.' }));
    act(() => stream.send({ type: 'delta', messageId: 'r2', part: 'text', text: 'The sun' }));
    const reply = await screen.findByText('The sun');
    act(() => stream.send({ type: 'delta', messageId: 'r2', part: 'text', text: ' pulls too.' }));
    expect(await screen.findByText('The sun pulls too.')).toBeInTheDocument();
    expect(reply).toBeInTheDocument();
    expect(screen.getByText('Thoughts')).toBeInTheDocument();

    const saved = testMessage('r2', user.messageId, { minute: 3, isCreatedByUser: false, sender: 'demo', text: 'The sun pulls too, a little.' });
    act(() => stream.send({ type: 'final', conversation: testConvo('c1', { title: 'Tides' }), requestMessage: user, responseMessage: saved }));
    expect(await screen.findByText('The sun pulls too, a little.')).toBeInTheDocument();
    expect(queryClient.getQueryData(convoKeys.messages('c1'))).toEqual([question, answer, user, saved]);
    expect(screen.getByRole('button', { name: 'Send message' })).toBeInTheDocument();
  });

  it('puts the conversation at the top of the history from the saved reply itself, without asking the list again', async () => {
    const { fetchSpy, stream, queryClient } = renderChat('/c/c1');
    const older = testConvo('c0', { title: 'Older' });
    queryClient.setQueryData(convoKeys.list({}), { pages: [{ conversations: [older, testConvo('c1', { title: 'Tides' })], nextCursor: null }], pageParams: [undefined] });
    await userEvent.type(await composer(), 'And the sun?{Enter}');
    await waitFor(() => expect(asks(fetchSpy)).toHaveLength(1));
    const sent = bodyOf(asks(fetchSpy)[0]) as { messageId: string };
    const user = testMessage(sent.messageId, 'r1', { minute: 2, text: 'And the sun?' });
    const saved = testMessage('r2', user.messageId, { minute: 3, isCreatedByUser: false, sender: 'demo', text: 'The sun pulls too.' });
    const lists = callsTo(fetchSpy, 'listConvos').length;
    act(() => stream.send({ type: 'final', conversation: testConvo('c1', { title: 'Tides', updatedAt: '2026-02-01T00:00:00.000Z' }), requestMessage: user, responseMessage: saved }));
    await screen.findByText('The sun pulls too.');
    const list = queryClient.getQueryData<{ pages: { conversations: { conversationId: string }[] }[] }>(convoKeys.list({}));
    expect(list?.pages[0]!.conversations.map((convo) => convo.conversationId)).toEqual(['c1', 'c0']);
    // The list is an index that may not have the write yet: asking it again now could drop the row.
    expect(callsTo(fetchSpy, 'listConvos')).toHaveLength(lists);
  });

  it('says the server cannot be reached when nothing comes back for 5.5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { fetchSpy } = renderChat('/c/c1', { askDemo: () => new Promise<never>(() => {}) });
      await userEvent.type(await composer(), 'Anyone there?{Enter}');
      await waitFor(() => expect(asks(fetchSpy)).toHaveLength(1));
      act(() => vi.advanceTimersByTime(CONNECTION_WARNING_MS - 2_000));
      expect(screen.queryByText('Error connecting to server, try refreshing the page.')).not.toBeInTheDocument();
      act(() => vi.advanceTimersByTime(2_000));
      expect(await screen.findByText('Error connecting to server, try refreshing the page.')).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows the catalogue message for an error event', async () => {
    const { fetchSpy, stream } = renderChat('/c/c1');
    await userEvent.type(await composer(), 'And the sun?{Enter}');
    await waitFor(() => expect(asks(fetchSpy)).toHaveLength(1));
    act(() => stream.send({ type: 'error', code: 'no_user_key', message: 'Provide your own API key for openAI to use it' }));
    expect(await screen.findByText('No key found. Please provide a key and try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send message' })).toBeInTheDocument();
  });

  it('answers what came before a message the server refused, not the refused one', async () => {
    let calls = 0;
    const { fetchSpy } = renderChat('/c/c1', { askDemo: () => (++calls === 1 ? fail(429, { code: 'RATE_LIMITED', message: 'Too many messages' }) : sseStream().response) });
    await userEvent.type(await composer(), 'First try{Enter}');
    // In the reply; the live region says it once more for screen readers.
    expect(await within(screen.getByRole('feed')).findByText(/Too many messages/)).toBeInTheDocument();
    expect(screen.getByTestId('stream-announcer')).toHaveTextContent(/^The reply failed: .*Too many messages/);
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'Second try{Enter}');
    await waitFor(() => expect(asks(fetchSpy)).toHaveLength(2));
    expect(bodyOf(asks(fetchSpy)[1])).toMatchObject({ text: 'Second try', parentMessageId: 'r1' });
    expect(screen.getByText('How do tides work?')).toBeInTheDocument();
  });

  it('moves a new chat to its address when the server creates it, and keeps streaming', async () => {
    const { fetchSpy, stream, router } = renderChat('/c/new', { getConvo: when({ conversationId: 'c9' }, testConvo('c9')), getMessages: when({ conversationId: 'c9' }, []) });
    await userEvent.type(await composer(), 'Hello there{Enter}');
    await waitFor(() => expect(asks(fetchSpy)).toHaveLength(1));
    const sent = bodyOf(asks(fetchSpy)[0]) as { messageId: string };
    act(() => stream.send({ type: 'created', conversationId: 'c9', message: testMessage(sent.messageId, undefined, { conversationId: 'c9', text: 'Hello there' }) }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/c/c9'));
    act(() => stream.send({ type: 'title', conversationId: 'c9', title: 'A greeting' }));
    act(() => stream.send({ type: 'delta', messageId: 'r9', part: 'text', text: 'Hello, how can I help?' }));
    expect(await screen.findByText('Hello, how can I help?')).toBeInTheDocument();
    expect(screen.getByText('Hello there')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'A greeting' })).toBeInTheDocument();
    expect(callsTo(fetchSpy, 'getMessages', { conversationId: 'c9' })).toHaveLength(0);
  });

  it('regenerates a reply as a new version of it', async () => {
    const { fetchSpy, stream } = renderChat('/c/c1');
    await composer();
    const reply = screen.getByRole('article', { name: 'demo' });
    await userEvent.click(within(reply).getByRole('button', { name: 'Regenerate' }));
    await waitFor(() => expect(asks(fetchSpy)).toHaveLength(1));
    expect(bodyOf(asks(fetchSpy)[0])).toMatchObject({ text: 'How do tides work?', parentMessageId: 'q', isRegenerate: true });
    act(() => stream.send({ type: 'delta', messageId: 'r2', part: 'text', text: 'Another answer' }));
    const versions = await screen.findByText('Another answer');
    expect(within(versions.closest('article')!).getByText('2 / 2')).toBeInTheDocument();
  });

  it('continues a reply that was stopped, extending it in place', async () => {
    const stopped = testMessage('r1', 'q', { minute: 1, isCreatedByUser: false, sender: 'demo', text: 'The moon', unfinished: true, finish_reason: 'incomplete' });
    const { fetchSpy, stream } = renderChat('/c/c1', { getMessages: when({ conversationId: 'c1' }, [question, stopped]) });
    await composer();
    const reply = screen.getByRole('article', { name: 'demo' });
    await userEvent.click(within(reply).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(asks(fetchSpy)).toHaveLength(1));
    expect(bodyOf(asks(fetchSpy)[0])).toMatchObject({ parentMessageId: 'q', isContinued: true, responseMessageId: 'r1', isRegenerate: false });
    act(() => stream.send({ type: 'delta', messageId: 'r1', part: 'text', text: ' pulls the sea.' }));
    expect(await screen.findByText('The moon pulls the sea.')).toBeInTheDocument();
    expect(screen.queryByText('1 / 2')).not.toBeInTheDocument();
  });

  it('offers no Continue on a reply that finished', async () => {
    renderChat('/c/c1');
    await composer();
    expect(within(screen.getByRole('article', { name: 'demo' })).queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();
  });
});
