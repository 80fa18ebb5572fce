import type { Message } from '@meld/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { testMessage } from '@/components/messages/test-messages.ts';
import { setSession } from '@/lib/auth-session.ts';
import { callsTo, mockApi, when } from '@/test/mock-api.ts';
import { testConfig, testUser } from '@/test/fixtures.ts';
import { renderRoutes } from '@/test/render.tsx';
import type { LiveReply } from '../api/chat-queries.ts';
import { modelPicker } from '../components/composer/composer-test-kit.tsx';
import { resetStreamForTests } from '../lib/stream-store.ts';
import { bodyOf, demoEndpoints, demoModels, testConvo } from '../test/chat-fixtures.tsx';
import { Component as ChatRoute } from './chat-route.tsx';

afterEach(() => resetStreamForTests());

const question = testMessage('q', undefined, { text: 'How do tides work?' });
const replySoFar = (text: string): Message => testMessage('r1', 'q', { minute: 1, isCreatedByUser: false, sender: 'demo', text, content: [{ type: 'text', text }], unfinished: true });
const live = (text: string, overrides: Partial<LiveReply> = {}): LiveReply => ({
  conversationId: 'c1',
  requestMessageId: 'q',
  responseMessageId: 'r1',
  endpoint: 'demo',
  startedAt: '2026-01-01T00:00:00.000Z',
  stopRequested: false,
  response: replySoFar(text),
  ...overrides,
});

/** The conversation as a reload finds it mid-reply: the question saved, the reply followed from the server. */
function openMidReply() {
  setSession('tok', testUser, { broadcast: false });
  const state: { replies: LiveReply[]; saved: Message[] } = { replies: [live('The moon')], saved: [question] };
  const fetchSpy = mockApi({
    getConfig: testConfig(),
    listEndpoints: demoEndpoints,
    listModels: demoModels,
    getConvo: when({ conversationId: 'c1' }, testConvo('c1', { title: 'Tides' })),
    getMessages: when({ conversationId: 'c1' }, () => state.saved),
    liveReplies: when({ conversationId: 'c1' }, () => ({ replies: state.replies })),
    liveReplyList: () => ({ replying: state.replies.map(({ conversationId, responseMessageId, startedAt }) => ({ conversationId, responseMessageId, startedAt })) }),
    abortAsk: when({ endpoint: 'demo' }, { aborted: true }),
  });
  renderRoutes([{ path: '/c/:conversationId', element: <ChatRoute /> }], '/c/c1');
  return { fetchSpy, state };
}

describe('a reply written elsewhere (a reload, another tab or device)', () => {
  it('shows the text so far, keeps growing, and gives way to the saved reply when it ends', async () => {
    const { fetchSpy, state } = openMidReply();
    expect(await screen.findByText('The moon')).toBeInTheDocument();
    expect(screen.getByText('How do tides work?')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Stop generating' })).toBeInTheDocument();

    state.replies = [live('The moon pulls')];
    expect(await screen.findByText('The moon pulls', {}, { timeout: 3_000 })).toBeInTheDocument();

    const messageCalls = callsTo(fetchSpy, 'getMessages').length;
    state.saved = [question, testMessage('r1', 'q', { minute: 2, isCreatedByUser: false, sender: 'demo', text: 'The moon pulls the sea.' })];
    state.replies = [];
    expect(await screen.findByText('The moon pulls the sea.', {}, { timeout: 3_000 })).toBeInTheDocument();
    expect(callsTo(fetchSpy, 'getMessages').length).toBeGreaterThan(messageCalls);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Stop generating' })).not.toBeInTheDocument());
  });

  it('stops it from here: the abort names the reply and its endpoint', async () => {
    const { fetchSpy, state } = openMidReply();
    await screen.findByText('The moon');
    await waitFor(() => expect(modelPicker()).toHaveAttribute('title', 'meld-demo'));
    await userEvent.click(await screen.findByRole('button', { name: 'Stop generating' }));
    await waitFor(() => expect(callsTo(fetchSpy, 'abortAsk', { endpoint: 'demo' })).toHaveLength(1));
    expect(bodyOf(callsTo(fetchSpy, 'abortAsk', { endpoint: 'demo' })[0])).toEqual({ conversationId: 'c1', messageId: 'r1' });
    expect(await screen.findByText('Stopping the reply…')).toBeInTheDocument();

    state.saved = [question, testMessage('r1', 'q', { minute: 2, isCreatedByUser: false, sender: 'demo', text: 'The moon', unfinished: true })];
    state.replies = [];
    expect(await screen.findByText("The response is incomplete; it's either still processing, was cancelled, or censored.", { exact: false }, { timeout: 3_000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send message' })).toBeInTheDocument();
  });

});
