import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { callsTo, fail, held, mockApi, type MockHandler, when } from '@/test/mock-api.ts';
import { testConfig } from '@/test/fixtures.ts';
import { roleInfo, roleRoutes } from '@/test/roles.ts';
import { bodyOf, giveElementsHeight, page, renderHistory, testConvo } from '../../test/chat-fixtures.tsx';

beforeEach(() => giveElementsHeight());

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

describe('sidebar conversation history', () => {
  it('groups conversations under date headers, newest first', async () => {
    mockApi({
      searchEnabled: false,
      listConvos: page([testConvo('a', { title: 'Morning notes', updatedAt: daysAgo(0) }), testConvo('b', { title: 'Trip plan', updatedAt: daysAgo(3) }), testConvo('c', { title: 'Old idea', updatedAt: daysAgo(20) })]),
    });
    renderHistory('/c/new');
    const items = await screen.findAllByRole('listitem');
    const text = items.map((item) => item.textContent);
    expect(text).toEqual(['Today', 'Morning notes', 'Previous 7 days', 'Trip plan', 'Previous 30 days', 'Old idea']);
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
  });

  it('marks the open conversation and leaves a Ctrl-click to the browser', async () => {
    mockApi({ searchEnabled: false, listConvos: page([testConvo('a', { title: 'First' }), testConvo('b', { title: 'Second' })]) });
    const { router } = renderHistory('/c/a');
    expect(await screen.findByRole('link', { name: 'First' })).toHaveAttribute('aria-current', 'page');
    const second = screen.getByRole('link', { name: 'Second' });
    expect(second).toHaveAttribute('href', '/c/b');
    // jsdom cannot open tabs: note whether the app left the click to the browser, then stop it here.
    let leftToBrowser = false;
    const stopAtDocument = (event: MouseEvent) => {
      leftToBrowser = !event.defaultPrevented;
      event.preventDefault();
    };
    document.addEventListener('click', stopAtDocument);
    const user = userEvent.setup();
    await user.keyboard('{Control>}');
    await user.click(second);
    await user.keyboard('{/Control}');
    document.removeEventListener('click', stopAtDocument);
    expect(leftToBrowser).toBe(true);
    expect(router.state.location.pathname).toBe('/c/a');
    await user.click(second);
    expect(router.state.location.pathname).toBe('/c/b');
  });

  it('asks for the next page once the end of the list is within 8 rows', async () => {
    const fetchSpy = mockApi({
      searchEnabled: false,
      listConvos: ({ query }) => (query.get('cursor') === 'next' ? page([testConvo('z', { title: 'From page two' })]) : page([testConvo('a')], 'next')),
    });
    renderHistory('/c/new');
    expect(await screen.findByRole('link', { name: 'From page two' })).toBeInTheDocument();
    const cursors = callsTo(fetchSpy, 'listConvos').length;
    expect(cursors).toBe(2);
  });

  it('waits for the list to be scrolled while its end is more than 8 rows below the screen', async () => {
    // 10 rows on screen of 26 (a header and 25 conversations): the 10 overscan rows past the screen
    // are not "in view", nor is the window's height the list had before it was measured.
    giveElementsHeight(340);
    const fetchSpy = mockApi({
      searchEnabled: false,
      listConvos: ({ query }) =>
        query.get('cursor') === 'next' ? page([testConvo('z', { title: 'From page two' })]) : page(Array.from({ length: 25 }, (_, i) => testConvo(`c${i}`, { title: `Chat ${i}` })), 'next'),
    });
    renderHistory('/c/new');
    expect(await screen.findByRole('link', { name: 'Chat 0' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(callsTo(fetchSpy, 'listConvos')).toHaveLength(1);
  });

  it('fills a tall list with its first page: no second page is asked for while the page loads', async () => {
    // A 1920x1080 window shows 27 rows of history, and the next page is wanted within 8 rows of the
    // end: asked for at once, it drew the list again during the conversation's first render (issue 25 §7).
    giveElementsHeight(27 * 34);
    const all = Array.from({ length: 200 }, (_, i) => testConvo(`c${i}`, { title: `Chat ${i}` }));
    const fetchSpy = mockApi({ searchEnabled: false, listConvos: ({ query }) => page(all.slice(0, Number(query.get('limit'))), 'next') });
    renderHistory('/c/new');
    expect(await screen.findByRole('link', { name: 'Chat 0' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(callsTo(fetchSpy, 'listConvos')).toHaveLength(1);
  });

  it('keeps loading pages that arrive within the load-more throttle while the end stays in view', async () => {
    const pages: Record<string, ReturnType<typeof page>> = {
      '': page([testConvo('a', { title: 'From page one' })], 'p2'),
      p2: page([testConvo('b', { title: 'From page two' })], 'p3'),
      p3: page([testConvo('c', { title: 'From page three' })]),
    };
    mockApi({ searchEnabled: false, listConvos: ({ query }) => pages[query.get('cursor') ?? '']! });
    renderHistory('/c/new');
    // Page two arrives long before the 750 ms throttle ends and nothing scrolls: page three must still come.
    expect(await screen.findByRole('link', { name: 'From page three' })).toBeInTheDocument();
  });

  it('filters by the chosen bookmarks', async () => {
    const fetchSpy = mockApi({
      getConfig: testConfig(),
      ...roleRoutes(),
      searchEnabled: false,
      listTags: [{ tag: 'work', description: null, count: 2, position: 0, user: 'u1', createdAt: daysAgo(1), updatedAt: daysAgo(1) }],
      listConvos: ({ query }) => (query.get('tags') === 'work' ? page([testConvo('w', { title: 'Work chat' })]) : page([testConvo('a', { title: 'Anything' })])),
    });
    renderHistory('/c/new');
    await screen.findByRole('link', { name: 'Anything' });
    await userEvent.click(screen.getByRole('button', { name: 'Bookmarks' }));
    await userEvent.click(await screen.findByRole('checkbox', { name: /work/ }));
    expect(await screen.findByRole('link', { name: 'Work chat' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Anything' })).not.toBeInTheDocument();
    const urls = fetchSpy.mock.calls.map(([input]) => String(input)).filter((url) => url.startsWith('/api/convos'));
    expect(urls.at(-1)).toContain('tags=work');
  });

  it.each([
    ['the role may not use bookmarks', { getConfig: testConfig(), getRole: when({ role: 'USER' }, roleInfo('USER', { BOOKMARKS: { USE: false } })) }],
    ['the operator hides bookmarks', { getConfig: testConfig({ interface: { bookmarks: false } }), getRole: when({ role: 'USER' }, roleInfo('USER')) }],
  ])('offers no bookmark filter when %s', async (_case, routes) => {
    const fetchSpy = mockApi({
      ...routes,
      searchEnabled: false,
      listConvos: () => page([testConvo('a', { title: 'Anything' })]),
    });
    renderHistory('/c/new');
    await screen.findByRole('link', { name: 'Anything' });
    await waitFor(() => expect(callsTo(fetchSpy, 'getRole', { role: 'USER' })).toHaveLength(1));
    await waitFor(() => expect(callsTo(fetchSpy, 'getConfig')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Bookmarks' })).not.toBeInTheDocument();
  });

  it('searches after typing pauses and returns to a new chat when the box is emptied', async () => {
    mockApi({ searchEnabled: true, listConvos: page([]) });
    const { router } = renderHistory('/c/new');
    const box = await screen.findByRole('searchbox', { name: 'Search conversations' });
    await userEvent.type(box, '  tide & moon ');
    expect(router.state.location.pathname).toBe('/c/new');
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'), { timeout: 2000 });
    expect(router.state.location.search).toBe(`?q=${encodeURIComponent('tide & moon')}`);

    await userEvent.clear(box);
    await waitFor(() => expect(router.state.location.pathname).toBe('/c/new'), { timeout: 2000 });
  });

  it('returns to a new chat on Backspace in an empty search box', async () => {
    mockApi({ searchEnabled: true, listConvos: page([]) });
    const { router } = renderHistory('/search?q=tide');
    const box = await screen.findByRole('searchbox');
    expect(box).toHaveValue('tide');
    await userEvent.clear(box);
    await userEvent.keyboard('{Backspace}');
    expect(router.state.location.pathname).toBe('/c/new');
  });
});

describe('renaming a conversation in the sidebar', () => {
  function setup(update: MockHandler<'updateConvo'> = () => testConvo('a', { title: 'Renamed' })) {
    const fetchSpy = mockApi({ searchEnabled: false, listConvos: page([testConvo('a', { title: 'Original' })]), updateConvo: update });
    renderHistory('/c/new');
    return fetchSpy;
  }

  it('saves on Enter after a double-click', async () => {
    const fetchSpy = setup();
    await userEvent.dblClick(await screen.findByRole('link', { name: 'Original' }));
    const input = screen.getByRole('textbox', { name: 'Conversation title' });
    await userEvent.clear(input);
    await userEvent.type(input, 'Renamed{Enter}');
    expect(await screen.findByRole('link', { name: 'Renamed' })).toBeInTheDocument();
    expect(bodyOf(callsTo(fetchSpy, 'updateConvo')[0])).toEqual({ arg: { conversationId: 'a', title: 'Renamed' } });
  });

  it('cancels on Escape without calling the server', async () => {
    const fetchSpy = setup();
    await userEvent.dblClick(await screen.findByRole('link', { name: 'Original' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Conversation title' }), ' changed{Escape}');
    expect(screen.getByRole('link', { name: 'Original' })).toBeInTheDocument();
    expect(callsTo(fetchSpy, 'updateConvo')).toHaveLength(0);
  });

  it('saves on blur, and an emptied title falls back to New Chat', async () => {
    const fetchSpy = setup(() => testConvo('a', { title: 'New Chat' }));
    await userEvent.dblClick(await screen.findByRole('link', { name: 'Original' }));
    await userEvent.clear(screen.getByRole('textbox', { name: 'Conversation title' }));
    await userEvent.click(document.body);
    expect(await screen.findByRole('link', { name: 'New Chat' })).toBeInTheDocument();
    expect(bodyOf(callsTo(fetchSpy, 'updateConvo')[0])).toEqual({ arg: { conversationId: 'a', title: 'New Chat' } });
  });

  it('puts the old title back and says so when the rename fails', async () => {
    setup(() => fail(500, { code: 'INTERNAL_ERROR', message: 'nope' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Options for Original' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Rename' }));
    const input = screen.getByRole('textbox', { name: 'Conversation title' });
    expect(input).toHaveFocus();
    await userEvent.clear(input);
    await userEvent.type(input, 'Doomed{Enter}');
    expect(await screen.findByText('Rename failed. The title is back as it was.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Original' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Doomed' })).not.toBeInTheDocument();
  });
});

describe('conversation row menu', () => {
  it('duplicates with a processing toast, then a success toast, and lists the copy first', async () => {
    const answer = held<'duplicateConvo'>();
    mockApi({
      searchEnabled: false,
      listConvos: page([testConvo('b', { title: 'Newer' }), testConvo('a', { title: 'Plan' })]),
      duplicateConvo: answer.handler,
      // The server's worker has filled the copy in by the time the page asks again.
      getConvo: testConvo('copy', { title: 'Plan (copy)', copying: false }),
    });
    renderHistory('/c/new');
    await userEvent.click(await screen.findByRole('button', { name: 'Options for Plan' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Duplicate' }));
    expect(await screen.findByText('Duplicating the conversation…')).toBeInTheDocument();
    expect(screen.queryByText('Conversation duplicated.')).not.toBeInTheDocument();

    answer.answer({ conversation: testConvo('copy', { title: 'Plan (copy)', copying: true }) });
    expect(await screen.findByText('Conversation duplicated.', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.queryByText('Duplicating the conversation…')).not.toBeInTheDocument();
    const titles = screen.getAllByRole('link').map((link) => link.textContent);
    expect(titles).toEqual(['Plan (copy)', 'Newer', 'Plan']);
  });

  it('deletes only after confirmation', async () => {
    const fetchSpy = mockApi({
      searchEnabled: false,
      listConvos: page([testConvo('a', { title: 'Plan' }), testConvo('b', { title: 'Keep' })]),
      deleteConvo: { deletedCount: 1 },
    });
    renderHistory('/c/b');
    await userEvent.click(await screen.findByRole('button', { name: 'Options for Plan' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete chat?' });
    expect(dialog).toHaveTextContent('“Plan” and all its messages will be deleted for good.');
    expect(callsTo(fetchSpy, 'deleteConvo')).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Plan' })).not.toBeInTheDocument());
    expect(bodyOf(callsTo(fetchSpy, 'deleteConvo')[0])).toEqual({ arg: { conversationId: 'a', source: 'button' } });
    expect(screen.getByRole('link', { name: 'Keep' })).toBeInTheDocument();
  });

  it('archiving the open conversation starts a new chat in its place in history', async () => {
    mockApi({
      searchEnabled: false,
      listConvos: page([testConvo('a', { title: 'Plan' })]),
      updateConvo: testConvo('a', { title: 'Plan', isArchived: true }),
    });
    const { router } = renderHistory('/c/a');
    await userEvent.click(await screen.findByRole('button', { name: 'Options for Plan' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Archive' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/c/new'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.queryByRole('link', { name: 'Plan' })).not.toBeInTheDocument();
  });
});
