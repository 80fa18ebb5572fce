import { NO_PARENT } from '@meld/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testMessage } from '@/components/messages/test-messages.ts';
import { setSession } from '@/lib/auth-session.ts';
import { convoKeys } from '@/lib/convo-keys.ts';
import { type ApiMocks, callsTo, fail, type FetchSpy, mockApi, when } from '@/test/mock-api.ts';
import { testConfig, testUser } from '@/test/fixtures.ts';
import { renderRoutes } from '@/test/render.tsx';
import { CONNECTION_WARNING_MS } from '../hooks/use-send-message.ts';
import { resetStreamForTests } from '../lib/stream-store.ts';
import { modelPicker } from '../components/composer/composer-test-kit.tsx';
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
    liveReplies: { replies: [] },
    liveReplyList: { replying: [] },
    ...routes,
  });
  const view = renderRoutes([{ path: '/c/:conversationId', element: <ChatRoute /> }], path);
  return { ...view, fetchSpy, stream };
}

async function composer() {
  const box = await screen.findByRole('textbox', { name: 'Message' });
  await waitFor(() => expect(modelPicker()).toHaveAttribute('title', 'meld-demo'));
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

  it('answers the last message on screen; Stop asks the server to stop and the saved, unfinished reply takes its place', async () => {
    const { fetchSpy, stream } = renderChat('/c/c1');
    await userEvent.type(await composer(), 'And the sun?{Enter}');
    await waitFor(() => expect(asks(fetchSpy)).toHaveLength(1));
    const sent = bodyOf(asks(fetchSpy)[0]) as { messageId: string };
    expect(sent).toMatchObject({ conversationId: 'c1', parentMessageId: 'r1' });
    const user = testMessage(sent.messageId, 'r1', { minute: 2, text: 'And the sun?' });
    act(() => stream.send({ type: 'created', conversationId: 'c1', message: user }));
    act(() => stream.send({ type: 'delta', messageId: 'r2', part: 'text', text: 'The sun' }));

    await userEvent.click(await screen.findByRole('button', { name: 'Stop generating' }));
    await waitFor(() => expect(callsTo(fetchSpy, 'abortAsk', { endpoint: 'demo' })).toHaveLength(1));
    expect(bodyOf(callsTo(fetchSpy, 'abortAsk', { endpoint: 'demo' })[0])).toEqual({ conversationId: 'c1', messageId: sent.messageId });
    expect(screen.getByText('Stopping the reply…')).toBeInTheDocument();
    // The stream is still read: the server's copy of the stopped reply ends it.
    const saved = testMessage('r2', user.messageId, { minute: 3, isCreatedByUser: false, sender: 'demo', text: 'The sun pulls', unfinished: true, finish_reason: 'incomplete' });
    act(() => stream.send({ type: 'final', conversation: testConvo('c1', { title: 'Tides' }), requestMessage: user, responseMessage: saved }));
    expect(await screen.findByText('The sun pulls')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send message' })).toBeInTheDocument();
    expect(screen.queryByText('Stopping the reply…')).not.toBeInTheDocument();
  });
});

describe('a stopped first reply', () => {
  it('still gets its title: the stream is read to its end after Stop', async () => {
    const { fetchSpy, stream, router, queryClient } = renderChat('/c/new', { getConvo: when({ conversationId: 'c9' }, testConvo('c9')), getMessages: when({ conversationId: 'c9' }, []) });
    await userEvent.type(await composer(), 'Hello there{Enter}');
    await waitFor(() => expect(asks(fetchSpy)).toHaveLength(1));
    const sent = bodyOf(asks(fetchSpy)[0]) as { messageId: string };
    const user = testMessage(sent.messageId, undefined, { conversationId: 'c9', text: 'Hello there' });
    // Stopped before the server named the chat: the stop goes once it has.
    await userEvent.click(await screen.findByRole('button', { name: 'Stop generating' }));
    expect(callsTo(fetchSpy, 'abortAsk')).toHaveLength(0);
    act(() => stream.send({ type: 'created', conversationId: 'c9', message: user }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/c/c9'));
    await waitFor(() => expect(callsTo(fetchSpy, 'abortAsk', { endpoint: 'demo' })).toHaveLength(1));
    expect(bodyOf(callsTo(fetchSpy, 'abortAsk', { endpoint: 'demo' })[0])).toEqual({ conversationId: 'c9', messageId: sent.messageId });
    const saved = testMessage('r9', user.messageId, { conversationId: 'c9', minute: 1, isCreatedByUser: false, sender: 'demo', text: 'Hel', unfinished: true });
    act(() => stream.send({ type: 'final', conversation: testConvo('c9'), requestMessage: user, responseMessage: saved }));
    act(() => stream.send({ type: 'title', conversationId: 'c9', title: 'A greeting' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'A greeting' })).toBeInTheDocument();
    expect(queryClient.getQueryData<{ title: string }>(convoKeys.detail('c9'))?.title).toBe('A greeting');
  });
});

describe('a refused send', () => {
  it('leaves nothing in the thread, keeps a new chat at /c/new, and gives the draft back with the limit in words', async () => {
    const { fetchSpy, router } = renderChat('/c/new', { askDemo: fail(422, { code: 'concurrent', message: 'Only 2 message(s) at a time.', info: { limit: 2 } }) });
    await userEvent.type(await composer(), 'One more thing{Enter}');
    await waitFor(() => expect(asks(fetchSpy)).toHaveLength(1));
    expect(await screen.findByText(/^Only 2 message\(s\) at a time\. Please allow any other responses to complete/)).toBeInTheDocument();
    expect(screen.queryByRole('feed')).not.toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/c/new');
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('One more thing');
  });
});

describe('several chats at once', () => {
  it('starts a second chat while the first replies, and each Stop stops its own', async () => {
    const first = sseStream();
    const second = sseStream();
    const answers = [first, second];
    const { fetchSpy, router } = renderChat('/c/c1', { askDemo: () => answers.shift()!.response, getConvo: [when({ conversationId: 'c1' }, testConvo('c1', { title: 'Tides' })), when({ conversationId: 'c2' }, testConvo('c2'))], getMessages: [when({ conversationId: 'c1' }, [question, answer]), when({ conversationId: 'c2' }, [])] });
    await userEvent.type(await composer(), 'And the sun?{Enter}');
    await waitFor(() => expect(asks(fetchSpy)).toHaveLength(1));
    const sent = bodyOf(asks(fetchSpy)[0]) as { messageId: string };
    act(() => first.send({ type: 'created', conversationId: 'c1', message: testMessage(sent.messageId, 'r1', { minute: 2, text: 'And the sun?' }) }));
    act(() => first.send({ type: 'delta', messageId: 'r2', part: 'text', text: 'The sun' }));
    await screen.findByRole('button', { name: 'Stop generating' });

    // A new chat is free: no Stop, and it sends.
    await act(() => router.navigate('/c/new'));
    const box = await composer();
    expect(screen.queryByRole('button', { name: 'Stop generating' })).not.toBeInTheDocument();
    await userEvent.type(box, 'Something else{Enter}');
    await waitFor(() => expect(asks(fetchSpy)).toHaveLength(2));
    const other = bodyOf(asks(fetchSpy)[1]) as { messageId: string };
    expect(other).toMatchObject({ text: 'Something else', parentMessageId: NO_PARENT });
    act(() => second.send({ type: 'created', conversationId: 'c2', message: testMessage(other.messageId, undefined, { conversationId: 'c2', text: 'Something else' }) }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/c/c2'));
    act(() => second.send({ type: 'delta', messageId: 'r3', part: 'text', text: 'Of course' }));
    expect(await screen.findByText('Of course')).toBeInTheDocument();

    // This Stop is the second chat's.
    await userEvent.click(screen.getByRole('button', { name: 'Stop generating' }));
    await waitFor(() => expect(callsTo(fetchSpy, 'abortAsk')).toHaveLength(1));
    expect(bodyOf(callsTo(fetchSpy, 'abortAsk')[0])).toEqual({ conversationId: 'c2', messageId: other.messageId });

    // The first is still replying, and still stoppable, back in its conversation.
    act(() => first.send({ type: 'delta', messageId: 'r2', part: 'text', text: ' pulls too.' }));
    await act(() => router.navigate('/c/c1'));
    expect(await screen.findByText('The sun pulls too.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Stop generating' })).toBeInTheDocument();
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

  it('answers the version of the reply on screen after switching versions', async () => {
    const second = testMessage('r2', 'q', { minute: 2, isCreatedByUser: false, sender: 'demo', text: 'Gravity, mostly.' });
    const { fetchSpy } = renderChat('/c/c1', { getMessages: when({ conversationId: 'c1' }, [question, answer, second]) });
    const box = await composer();
    expect(await screen.findByText('Gravity, mostly.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Previous version' }));
    expect(await screen.findByText('The moon pulls the sea.')).toBeInTheDocument();
    await userEvent.type(box, 'And the sun?{Enter}');
    await waitFor(() => expect(asks(fetchSpy)).toHaveLength(1));
    expect(bodyOf(asks(fetchSpy)[0])).toMatchObject({ text: 'And the sun?', parentMessageId: 'r1' });
  });

  it('answers what came before a message the server refused, not the refused one', async () => {
    let calls = 0;
    const { fetchSpy } = renderChat('/c/c1', { askDemo: () => (++calls === 1 ? fail(429, { code: 'RATE_LIMITED', message: 'Too many messages' }) : sseStream().response) });
    await userEvent.type(await composer(), 'First try{Enter}');
    await waitFor(() => expect(asks(fetchSpy)).toHaveLength(1));
    // Nothing of the refused question stays in the thread; the composer has it back.
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('First try'));
    expect(within(screen.getByRole('feed')).queryByText('First try')).not.toBeInTheDocument();
    await userEvent.clear(screen.getByRole('textbox', { name: 'Message' }));
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
    await screen.findByRole('heading', { level: 1 });
    act(() => stream.send({ type: 'title', conversationId: 'c9', title: 'A greeting' }));
    act(() => stream.send({ type: 'delta', messageId: 'r9', part: 'text', text: 'Hello, how can I help?' }));
    expect(await screen.findByText('Hello, how can I help?')).toBeInTheDocument();
    expect(screen.getByText('Hello there')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'A greeting' })).toBeInTheDocument();
    expect(callsTo(fetchSpy, 'getMessages', { conversationId: 'c9' })).toHaveLength(0);
  });

  it('moves a new chat to its address when the whole reply arrives at once', async () => {
    const hello = (messageId: string) => testMessage(messageId, undefined, { conversationId: 'c9', text: 'Hello there' });
    const reply = testMessage('r9', 'q9', { conversationId: 'c9', minute: 1, isCreatedByUser: false, sender: 'demo', text: 'Hi! How can I help?' });
    const { fetchSpy, stream, router } = renderChat('/c/new', { getConvo: when({ conversationId: 'c9' }, testConvo('c9')), getMessages: when({ conversationId: 'c9' }, [hello('q9'), reply]) });
    await userEvent.type(await composer(), 'Hello there{Enter}');
    await waitFor(() => expect(asks(fetchSpy)).toHaveLength(1));
    const sent = hello((bodyOf(asks(fetchSpy)[0]) as { messageId: string }).messageId);
    // Read in one go: the reply is saved and gone from the streams before React renders the named chat.
    act(() => stream.sendTogether({ type: 'created', conversationId: 'c9', message: sent }, { type: 'final', conversation: testConvo('c9'), requestMessage: sent, responseMessage: { ...reply, parentMessageId: sent.messageId } }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/c/c9'));
    expect(await screen.findByText('Hi! How can I help?')).toBeInTheDocument();
    expect(screen.getByText('Hello there')).toBeInTheDocument();
  });

  it('moves a new chat to its address when its stream ends without the saved reply (a dropped connection)', async () => {
    const hello = (messageId: string) => testMessage(messageId, undefined, { conversationId: 'c9', text: 'Hello there' });
    const { fetchSpy, stream, router } = renderChat('/c/new', { getConvo: when({ conversationId: 'c9' }, testConvo('c9')), getMessages: when({ conversationId: 'c9' }, [hello('q9')]) });
    await userEvent.type(await composer(), 'Hello there{Enter}');
    await waitFor(() => expect(asks(fetchSpy)).toHaveLength(1));
    const sent = hello((bodyOf(asks(fetchSpy)[0]) as { messageId: string }).messageId);
    act(() => {
      stream.sendTogether({ type: 'created', conversationId: 'c9', message: sent });
      stream.close();
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/c/c9'));
    expect(await screen.findByText('Hello there')).toBeInTheDocument();
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
