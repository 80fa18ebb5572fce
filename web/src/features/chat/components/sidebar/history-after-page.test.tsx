import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { testMessage } from '@/components/messages/test-messages.ts';
import { useMainContentPending, useSecondaryListsHeld } from '@/lib/main-content-first.ts';
import { Outlet } from 'react-router-dom';
import { setSession } from '@/lib/auth-session.ts';
import { callsTo, fail, mockApi } from '@/test/mock-api.ts';
import { testConfig, testUser } from '@/test/fixtures.ts';
import { renderRoutes } from '@/test/render.tsx';
import { ChatHistory } from './chat-history.tsx';
import { Component as ChatRoute } from '../../routes/chat-route.tsx';
import { demoEndpoints, demoModels, giveElementsHeight, page, renderHistory, testConvo } from '../../test/chat-fixtures.tsx';

beforeEach(() => giveElementsHeight());

/** A page whose main content is drawn in a transition, finished when the button is pressed. */
function DrawingPage() {
  const [pending, setPending] = useState(true);
  useMainContentPending(pending);
  return (
    <button type="button" onClick={() => setPending(false)}>
      {pending ? 'drawing' : 'drawn'}
    </button>
  );
}

const historyLinks = () => screen.queryAllByRole('link', { name: /^Chat / });

describe("the sidebar's history after the page's main content (issue 25 §7)", () => {
  it('keeps its first rows back while a page draws its main content, and shows them once it has', async () => {
    const fetchSpy = mockApi({ searchEnabled: false, listConvos: page([testConvo('a'), testConvo('b')]) });
    renderHistory('/drawing', [{ path: '/drawing', element: <DrawingPage /> }]);
    await waitFor(() => expect(callsTo(fetchSpy, 'listConvos')).toHaveLength(1));
    // The answer is in; the rows still wait (a spinner holds their place).
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(historyLinks()).toHaveLength(0);
    expect(screen.getByRole('status')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'drawing' }));
    expect(await screen.findByRole('link', { name: 'Chat a' })).toBeInTheDocument();
    expect(historyLinks()).toHaveLength(2);
  });

  it('leaves rows already on screen in place when the next page draws', async () => {
    mockApi({ searchEnabled: false, listConvos: page([testConvo('a'), testConvo('b')]) });
    const { router } = renderHistory('/c/new', [{ path: '/drawing', element: <DrawingPage /> }]);
    await screen.findByRole('link', { name: 'Chat a' });
    await act(() => router.navigate('/drawing'));
    expect(screen.getByRole('button', { name: 'drawing' })).toBeInTheDocument();
    expect(historyLinks()).toHaveLength(2);
  });
});

describe("a conversation's first draw holds the history back", () => {
  const question = testMessage('q', undefined, { text: 'How do tides work?' });
  const answer = testMessage('r1', 'q', { minute: 1, isCreatedByUser: false, sender: 'demo', text: 'The moon pulls the sea.' });

  /** Each commit of the probe: whether the lists were held, and how many messages were drawn by then. */
  const commits: { held: boolean; messages: number }[] = [];
  function Probe() {
    const held = useSecondaryListsHeld(true);
    useEffect(() => {
      commits.push({ held, messages: document.querySelectorAll('article').length });
    }, [held]);
    return null;
  }

  function renderConversation(overrides: Parameters<typeof mockApi>[0] = {}) {
    commits.length = 0;
    setSession('tok', testUser, { broadcast: false });
    mockApi({
      getConfig: testConfig(),
      searchEnabled: false,
      listConvos: page([testConvo('c1', { title: 'Chat tides' }), testConvo('c2')]),
      listEndpoints: demoEndpoints,
      listModels: demoModels,
      getConvo: testConvo('c1', { title: 'Tides' }),
      getMessages: [question, answer],
      liveReplies: { replies: [] },
      liveReplyList: { replying: [] },
      ...overrides,
    });
    const shell = (
      <>
        <Probe />
        <ChatHistory onNavigate={() => {}} />
        <Outlet />
      </>
    );
    return renderRoutes([{ element: shell, children: [{ path: '/c/:conversationId', element: <ChatRoute /> }] }], '/c/c1');
  }

  it('holds while its messages are drawn and lets go once they are on screen', async () => {
    renderConversation();
    expect(await screen.findByText('The moon pulls the sea.')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Chat tides' })).toBeInTheDocument();
    expect(commits).toContainEqual({ held: true, messages: 0 });
    expect(commits.at(-1)).toEqual({ held: false, messages: 2 });
  });

  it('never holds when the conversation cannot be loaded', async () => {
    renderConversation({ getMessages: fail(404, { code: 'NOT_FOUND', message: 'Conversation not found' }) });
    expect(await screen.findByRole('link', { name: 'Chat tides' })).toBeInTheDocument();
    expect(await screen.findByText(/not found/i)).toBeInTheDocument();
    expect(commits.every((commit) => !commit.held)).toBe(true);
  });
});
