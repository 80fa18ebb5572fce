import { DEFAULT_USER_SETTINGS } from '@meld/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { testMessage } from '@/components/messages/test-messages.ts';
import { setSession } from '@/lib/auth-session.ts';
import { type ApiMocks, callsTo, fail, mergeMocks, mockApi, when } from '@/test/mock-api.ts';
import { testConfig, testUser } from '@/test/fixtures.ts';
import { renderRoutes } from '@/test/render.tsx';
import { roleInfo, roleRoutes } from '@/test/roles.ts';
import { bodyOf, demoEndpoints, demoModels, sseStream, testConvo } from '../test/chat-fixtures.tsx';
import { resetStreamForTests } from '../lib/stream-store.ts';
import { Component as ChatRoute } from './chat-route.tsx';

afterEach(() => resetStreamForTests());

const messages = [
  testMessage('q', undefined, { text: 'How do tides work?', files: [{ file_id: 'tide-table', filename: 'tide-table.pdf', type: 'application/pdf', bytes: 2048, filepath: '/api/files/download/u1/tide-table' }] }),
  testMessage('r1', 'q', { minute: 1, isCreatedByUser: false, sender: 'Claude', text: 'An early answer' }),
  testMessage('r2', 'q', { minute: 2, isCreatedByUser: false, sender: 'Claude', text: 'The moon pulls the sea.' }),
  testMessage('f', 'r2', { minute: 3, text: 'And the sun?' }),
];

function renderConversation(path = '/c/c1', routes: ApiMocks = {}) {
  setSession('tok', testUser, { broadcast: false });
  const fetchSpy = mockApi(
    mergeMocks(
      {
        getConfig: testConfig(),
        getConvo: when({ conversationId: 'c1' }, testConvo('c1', { title: 'Tides', tags: ['science'], createdAt: '2026-01-05T09:00:00.000Z' })),
        getMessages: when({ conversationId: 'c1' }, messages),
        listEndpoints: demoEndpoints,
        listModels: demoModels,
        getUserSettings: DEFAULT_USER_SETTINGS,
        ...roleRoutes(),
      },
      routes,
    ),
  );
  const view = renderRoutes([{ path: '/c/:conversationId', element: <ChatRoute /> }], path);
  return { ...view, fetchSpy };
}

/** The branch's two questions. jsdom lays nothing out, so every row measures 0 px and the first draw, with no overscan, starts its range mid-list; the overscan that follows brings the rest. */
async function bothQuestionsDrawn() {
  await waitFor(() => expect(screen.getAllByRole('article', { name: 'You' })).toHaveLength(2));
  return screen.getAllByRole('article', { name: 'You' });
}

describe('conversation view', () => {
  it('shows the title, start date and the newest branch, user and assistant apart', async () => {
    renderConversation();
    expect(await screen.findByRole('heading', { level: 1, name: 'Tides' })).toBeInTheDocument();
    expect(screen.getByText('Started January 5, 2026')).toBeInTheDocument();
    await bothQuestionsDrawn();
    const reply = screen.getByRole('article', { name: 'Claude' });
    expect(reply).toHaveTextContent('The moon pulls the sea.');
    expect(within(reply).getByText('2 / 2')).toBeInTheDocument();
    expect(screen.getByText('And the sun?')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Tides | Meld'));
  });

  it('treats an id starting with an underscore as a new chat', async () => {
    renderConversation('/c/_cancelled');
    expect(await screen.findByRole('heading', { name: 'Start a conversation' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeInTheDocument();
  });

  it('says a conversation is not there when the server answers 404', async () => {
    renderConversation('/c/gone', { getConvo: when({ conversationId: 'gone' }, fail(404, { code: 'NOT_FOUND', message: 'Conversation not found' })), getMessages: when({ conversationId: 'gone' }, fail(404, { code: 'NOT_FOUND', message: 'Conversation not found' })) });
    expect(await screen.findByRole('heading', { name: 'Conversation not found' })).toBeInTheDocument();
  });
});

describe('editing a message', () => {
  const saved = (init: RequestInit) => ({ ...messages[0]!, text: (bodyOf(init) as { text: string }).text });

  async function openEditor(routes: ApiMocks = {}) {
    const view = renderConversation('/c/c1', { updateMessage: when({ conversationId: 'c1', messageId: 'q' }, ({ init }) => saved(init)), ...routes });
    const [question] = await bothQuestionsDrawn();
    await userEvent.click(within(question!).getByRole('button', { name: 'Edit' }));
    const editor = screen.getByRole('textbox', { name: 'Edit message' });
    expect(editor).toHaveValue('How do tides work?');
    expect(editor).toHaveFocus();
    return { ...view, editor };
  }

  it('saves with Ctrl+S', async () => {
    const { editor, fetchSpy } = await openEditor();
    await userEvent.clear(editor);
    await userEvent.type(editor, 'Why do tides happen?');
    await userEvent.keyboard('{Control>}s{/Control}');
    expect(await screen.findByText('Why do tides happen?')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Edit message' })).not.toBeInTheDocument();
    expect(bodyOf(callsTo(fetchSpy, 'updateMessage', { conversationId: 'c1', messageId: 'q' })[0])).toEqual({ text: 'Why do tides happen?' });
  });

  it('saves with Cmd+S', async () => {
    const { editor, fetchSpy } = await openEditor();
    await userEvent.type(editor, ' Really?');
    await userEvent.keyboard('{Meta>}s{/Meta}');
    expect(await screen.findByText('How do tides work? Really?')).toBeInTheDocument();
    expect(callsTo(fetchSpy, 'updateMessage', { conversationId: 'c1', messageId: 'q' })).toHaveLength(1);
  });

  it('saves with the Save button, and sends nothing when the text did not change', async () => {
    const { editor, fetchSpy } = await openEditor();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(editor).not.toBeInTheDocument();
    expect(callsTo(fetchSpy, 'updateMessage', { conversationId: 'c1', messageId: 'q' })).toHaveLength(0);

    const [question] = screen.getAllByRole('article', { name: 'You' });
    await userEvent.click(within(question!).getByRole('button', { name: 'Edit' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Edit message' }), ' Truly?');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('How do tides work? Truly?')).toBeInTheDocument();
    expect(callsTo(fetchSpy, 'updateMessage', { conversationId: 'c1', messageId: 'q' })).toHaveLength(1);
  });

  it('cancels with Escape and leaves the message as it was', async () => {
    const { editor, fetchSpy } = await openEditor();
    await userEvent.type(editor, ' never mind');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('textbox', { name: 'Edit message' })).not.toBeInTheDocument();
    expect(screen.getByText('How do tides work?')).toBeInTheDocument();
    expect(callsTo(fetchSpy, 'updateMessage', { conversationId: 'c1', messageId: 'q' })).toHaveLength(0);
  });

  it('sends the edited text as a new version of the message with Ctrl+Enter, leaving the original as it was', async () => {
    const stream = sseStream();
    const { editor, fetchSpy } = await openEditor({ askDemo: stream.response });
    await screen.findByRole('button', { name: 'Save & submit' });
    await userEvent.type(editor, ' again');
    await userEvent.keyboard('{Control>}{Enter}{/Control}');
    expect(editor).not.toBeInTheDocument();
    await waitFor(() => expect(callsTo(fetchSpy, 'askDemo')).toHaveLength(1));
    expect(bodyOf(callsTo(fetchSpy, 'askDemo')[0])).toMatchObject({ text: 'How do tides work? again', conversationId: 'c1', parentMessageId: '00000000-0000-0000-0000-000000000000', isRegenerate: false });
    // The new version asks about the same attachment.
    expect(bodyOf(callsTo(fetchSpy, 'askDemo')[0])).toMatchObject({ files: [{ file_id: 'tide-table' }] });
    expect(callsTo(fetchSpy, 'updateMessage', { conversationId: 'c1', messageId: 'q' })).toHaveLength(0);
    expect(screen.getByText('How do tides work? again')).toBeInTheDocument();
    expect(screen.getByText('2 / 2')).toBeInTheDocument();
  });
});

describe('forking', () => {
  const forked = { conversation: testConvo('c2', { title: 'Tides' }) };

  it('sends the chosen option, split and the branch leaf, then opens the fork with a toast', async () => {
    const { fetchSpy, router } = renderConversation('/c/c1', { forkConvo: forked, getConvo: when({ conversationId: 'c2' }, forked.conversation) });
    const reply = await screen.findByRole('article', { name: 'Claude' });
    await userEvent.click(within(reply).getByRole('button', { name: 'Fork' }));
    expect(screen.getByRole('radio', { name: /Include all to and from here/ })).toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: /Visible messages only/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: /Start the fork at this message/ }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Fork' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/c/c2'));
    expect(bodyOf(callsTo(fetchSpy, 'forkConvo')[0])).toEqual({ conversationId: 'c1', messageId: 'r2', option: 'directPath', splitAtTarget: true, latestMessageId: 'f' });
    expect(await screen.findByText('Conversation forked.')).toBeInTheDocument();
    expect(callsTo(fetchSpy, 'updateUserSettings')).toHaveLength(0);
  });

  it('remembers the choice as the default when asked', async () => {
    const { fetchSpy } = renderConversation('/c/c1', {
      forkConvo: forked,
      getConvo: when({ conversationId: 'c2' }, forked.conversation),
      updateUserSettings: ({ init }) => ({ ...DEFAULT_USER_SETTINGS, ...(JSON.parse(String(init.body)) as object) }),
    });
    const [question] = await screen.findAllByRole('article', { name: 'You' });
    await userEvent.click(within(question!).getByRole('button', { name: 'Fork' }));
    await userEvent.click(screen.getByRole('radio', { name: /Include related branches/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Remember as my default' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Fork' }));
    await waitFor(() => expect(callsTo(fetchSpy, 'forkConvo')).toHaveLength(1));
    await waitFor(() => expect(callsTo(fetchSpy, 'updateUserSettings')).toHaveLength(1));
    expect(bodyOf(callsTo(fetchSpy, 'updateUserSettings')[0])).toEqual({ forkSetting: 'includeBranches', splitAtTarget: false, rememberDefaultFork: true });
  });
});

describe('a copy the server is still making', () => {
  it('says the messages are being copied, then shows them once the copy is done', async () => {
    let copied = false;
    renderConversation('/c/c2', {
      getConvo: () => testConvo('c2', { title: 'Tides (copy)', ...(copied ? {} : { copying: true }) }),
      getMessages: () => (copied ? messages.slice(0, 3) : []),
    });
    expect(await screen.findByText(/Copying the messages of this conversation/)).toBeInTheDocument();
    expect(screen.queryByText('This conversation has no messages yet.')).not.toBeInTheDocument();
    copied = true;
    expect(await screen.findByText('The moon pulls the sea.', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.queryByText(/Copying the messages of this conversation/)).not.toBeInTheDocument();
  });
});

describe('sharing', () => {
  it('creates a link, copies it, updates it and deletes it', async () => {
    const link = { shareId: 'S1', conversationId: 'c1', title: 'Tides', isPublic: true, targetMessageId: null, createdAt: '2026-01-05T09:00:00.000Z', updatedAt: '2026-01-05T09:00:00.000Z' };
    const user = userEvent.setup();
    const { fetchSpy } = renderConversation('/c/c1', {
      getShareLink: when({ id: 'c1' }, { shareId: null, success: false, conversationId: 'c1' }),
      createShare: when({ id: 'c1' }, link),
      refreshShare: when({ id: 'S1' }, link),
      deleteShare: when({ id: 'S1' }, { deletedCount: 1 }),
    });
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share this conversation' });
    await user.click(await within(dialog).findByRole('button', { name: 'Create link' }));

    const url = `${window.location.origin}/share/S1`;
    expect(await within(dialog).findByRole('textbox', { name: 'Share link' })).toHaveValue(url);
    await user.click(within(dialog).getByRole('button', { name: 'Copy link' }));
    expect(await navigator.clipboard.readText()).toBe(url);
    expect(within(dialog).getByRole('button', { name: 'Link copied' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Update link' }));
    expect(await screen.findByText('Share link updated.')).toBeInTheDocument();
    expect(callsTo(fetchSpy, 'refreshShare', { id: 'S1' })).toHaveLength(1);

    await user.click(within(dialog).getByRole('button', { name: 'Delete link' }));
    expect(await within(dialog).findByRole('button', { name: 'Create link' })).toBeInTheDocument();
    expect(callsTo(fetchSpy, 'deleteShare', { id: 'S1' })).toHaveLength(1);
  });
});

describe('bookmarks on a conversation', () => {
  it('adds a bookmark the user does not have yet and removes one', async () => {
    const { fetchSpy } = renderConversation('/c/c1', {
      listTags: [{ tag: 'science', description: null, count: 1, position: 0, user: 'u1', createdAt: '2026-01-05T09:00:00.000Z', updatedAt: '2026-01-05T09:00:00.000Z' }],
      updateConvoTags: when({ conversationId: 'c1' }, ({ init }) => (bodyOf(init) as { tags: string[] }).tags),
    });
    await screen.findByRole('heading', { level: 1, name: 'Tides' });
    await userEvent.click(screen.getByRole('button', { name: 'Bookmark' }));
    // The popover is a dialog, and a dialog needs a name (axe's aria-dialog-name).
    expect(screen.getByRole('dialog', { name: 'Bookmarks' })).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Find or create a bookmark' }), 'oceans{Enter}');
    const chips = screen.getByRole('list', { name: 'Bookmarks' });
    expect(await within(chips).findByText('oceans')).toBeInTheDocument();
    expect(bodyOf(callsTo(fetchSpy, 'updateConvoTags', { conversationId: 'c1' })[0])).toEqual({ tags: ['science', 'oceans'] });

    await userEvent.keyboard('{Escape}');
    await userEvent.click(within(chips).getByRole('button', { name: 'Remove bookmark science' }));
    await waitFor(() => expect(within(chips).queryByText('science')).not.toBeInTheDocument());
    expect(bodyOf(callsTo(fetchSpy, 'updateConvoTags', { conversationId: 'c1' })[1])).toEqual({ tags: ['oceans'] });
  });

  it('offers no bookmarks to a role that may not use them', async () => {
    const { fetchSpy } = renderConversation('/c/c1', { getRole: when({ role: 'USER' }, roleInfo('USER', { BOOKMARKS: { USE: false } })) });
    await screen.findByRole('heading', { level: 1, name: 'Tides' });
    await waitFor(() => expect(callsTo(fetchSpy, 'getRole', { role: 'USER' })).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Bookmark' })).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Bookmarks' })).not.toBeInTheDocument();
  });

  it('marks a temporary conversation, with the day it is deleted, instead of offering bookmarks', async () => {
    renderConversation('/c/c1', { getConvo: when({ conversationId: 'c1' }, testConvo('c1', { title: 'Tides', expiredAt: '2026-02-04T09:00:00.000Z', createdAt: '2026-01-05T09:00:00.000Z' })) });
    await screen.findByRole('heading', { level: 1, name: 'Tides' });
    expect(await screen.findByText('Temporary')).toBeInTheDocument();
    expect(screen.getByText('This chat stays out of your history and is deleted on February 4, 2026.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Bookmark' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Share' })).not.toBeInTheDocument();
  });
});

describe('renaming from the header', () => {
  it('renames on double-click and Enter', async () => {
    const { fetchSpy } = renderConversation('/c/c1', { updateConvo: testConvo('c1', { title: 'Tides and moons', createdAt: '2026-01-05T09:00:00.000Z' }) });
    await userEvent.dblClick(await screen.findByRole('heading', { level: 1, name: 'Tides' }));
    const input = screen.getByRole('textbox', { name: 'Conversation title' });
    await userEvent.type(input, ' and moons{Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tides and moons' })).toBeInTheDocument();
    expect(bodyOf(callsTo(fetchSpy, 'updateConvo')[0])).toEqual({ arg: { conversationId: 'c1', title: 'Tides and moons' } });
  });
});
