import type { Tag } from '@meld/shared';
import { createEvent, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { callsTo, fail, mockApi, reply } from '@/test/mock-api.ts';
import { testConfig } from '@/test/fixtures.ts';
import { roleRoutes } from '@/test/roles.ts';
import { bodyOf, giveElementsHeight, page, renderHistory, testConvo } from '../../test/chat-fixtures.tsx';

beforeEach(() => giveElementsHeight());

const at = '2026-01-01T00:00:00.000Z';
const tag = (name: string, position: number, extra: Partial<Tag> = {}): Tag => ({ tag: name, description: null, count: 0, position, user: 'u1', createdAt: at, updatedAt: at, ...extra });

/** A stand-in for the tag routes that keeps its list, so a refetch shows what the server would. */
function serveTags(initial: Tag[]) {
  let tags = initial;
  const renumber = () => (tags = tags.map((other, position) => ({ ...other, position })));
  const fetchSpy = mockApi({
    getConfig: testConfig(),
    ...roleRoutes(),
    searchEnabled: false,
    listConvos: ({ query }) => (query.get('tags') ? page([testConvo('w', { title: `Tagged ${query.get('tags')}`, tags: [query.get('tags')!] })]) : page([testConvo('a', { title: 'Anything' })])),
    listTags: () => tags,
    createTag: ({ init }) => {
      const body = bodyOf(init) as { tag: string; description: string | null };
      if (tags.some((other) => other.tag === body.tag)) return fail(409, { code: 'CONFLICT', message: `You already have a tag named "${body.tag}"`, field: 'tag' });
      const created = tag(body.tag, tags.length, { description: body.description });
      tags = [...tags, created];
      return reply(created, 201);
    },
    updateTag: ({ params, init }) => {
      const change = bodyOf(init) as Partial<Tag>;
      const current = tags.find((other) => other.tag === params.tag)!;
      const updated = { ...current, ...change };
      tags = tags.filter((other) => other.tag !== params.tag);
      tags.splice(change.position ?? current.position, 0, updated);
      renumber();
      return tags.find((other) => other.tag === updated.tag)!;
    },
    deleteTag: ({ params }) => {
      tags = tags.filter((other) => other.tag !== params.tag);
      renumber();
      return { deletedCount: 1 };
    },
  });
  return fetchSpy;
}

const names = (list: HTMLElement) => within(list).getAllByRole('listitem').map((item) => item.querySelector('.font-medium')?.textContent);

async function openManager() {
  await screen.findByRole('link', { name: 'Anything' });
  await userEvent.click(screen.getByRole('button', { name: 'Bookmarks' }));
  await userEvent.click(await screen.findByRole('button', { name: 'Manage bookmarks' }));
  const dialog = await screen.findByRole('dialog', { name: 'Bookmarks' });
  return { dialog, list: await within(dialog).findByRole('list', { name: 'Your bookmarks' }) };
}

describe('bookmarks manager', () => {
  it('lists the bookmarks in order with their counts and descriptions, and creates one, showing a taken name’s error', async () => {
    const fetchSpy = serveTags([tag('work', 0, { count: 2, description: 'Job things' }), tag('ideas', 1, { count: 1 })]);
    renderHistory('/c/new');
    const { dialog, list } = await openManager();
    expect(names(list)).toEqual(['work', 'ideas']);
    expect(within(list).getByText('2 chats')).toBeInTheDocument();
    expect(within(list).getByText('1 chat')).toBeInTheDocument();
    expect(within(list).getByText('Job things')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Add bookmark' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Enter a name');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'New bookmark' }), 'work');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add bookmark' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You already have a tag named "work"');

    const name = within(dialog).getByRole('textbox', { name: 'New bookmark' });
    await userEvent.clear(name);
    await userEvent.type(name, 'reading');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Description (optional)' }), 'Books to finish');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add bookmark' }));
    await waitFor(() => expect(names(list)).toEqual(['work', 'ideas', 'reading']));
    expect(bodyOf(callsTo(fetchSpy, 'createTag').at(-1))).toEqual({ tag: 'reading', description: 'Books to finish' });
    expect(within(dialog).getByRole('textbox', { name: 'New bookmark' })).toHaveValue('');
  });

  it('renames and describes a bookmark, and a filter holding the old name follows it', async () => {
    const fetchSpy = serveTags([tag('work', 0, { count: 2 })]);
    renderHistory('/c/new');
    await screen.findByRole('link', { name: 'Anything' });
    await userEvent.click(screen.getByRole('button', { name: 'Bookmarks' }));
    await userEvent.click(await screen.findByRole('checkbox', { name: /work/ }));
    expect(await screen.findByRole('link', { name: 'Tagged work' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Manage bookmarks' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bookmarks' });

    await userEvent.click(await within(dialog).findByRole('button', { name: 'Edit work' }));
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    expect(name).toHaveFocus();
    await userEvent.clear(name);
    await userEvent.type(name, 'job');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Paid work only');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Edit job' })).toHaveFocus());
    expect(within(dialog).getByText('Paid work only')).toBeInTheDocument();
    expect(bodyOf(callsTo(fetchSpy, 'updateTag', { tag: 'work' })[0])).toEqual({ tag: 'job', description: 'Paid work only' });
    await userEvent.keyboard('{Escape}');
    expect(await screen.findByRole('link', { name: 'Tagged job' })).toBeInTheDocument();
  });

  it('moves a bookmark with its buttons, keeping focus on the button and announcing the new place', async () => {
    const fetchSpy = serveTags([tag('a', 0), tag('b', 1), tag('c', 2)]);
    renderHistory('/c/new');
    const { dialog, list } = await openManager();
    const down = within(list).getByRole('button', { name: 'Move a down' });
    expect(within(list).getByRole('button', { name: 'Move a up' })).toBeDisabled();
    await userEvent.click(down);
    expect(names(list)).toEqual(['b', 'a', 'c']);
    expect(within(dialog).getByText('“a” is now number 2 of 3.')).toBeInTheDocument();
    await waitFor(() => expect(within(list).getByRole('button', { name: 'Move a down' })).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(names(list)).toEqual(['b', 'c', 'a']));
    // At the bottom, focus moves to the button that still works.
    await waitFor(() => expect(within(list).getByRole('button', { name: 'Move a up' })).toHaveFocus());
    expect(callsTo(fetchSpy, 'updateTag', { tag: 'a' }).map(bodyOf)).toEqual([{ position: 1 }, { position: 2 }]);
  });

  it('moves a bookmark by dragging it onto another row', async () => {
    const fetchSpy = serveTags([tag('a', 0), tag('b', 1), tag('c', 2)]);
    renderHistory('/c/new');
    const { list } = await openManager();
    const rows = within(list).getAllByRole('listitem');
    const data = new Map<string, string>();
    const dataTransfer = { setData: (type: string, value: string) => data.set(type, value), getData: (type: string) => data.get(type) ?? '', effectAllowed: '', dropEffect: '' };
    const fire = (element: HTMLElement, make: typeof createEvent.dragStart) => {
      const event = make(element);
      Object.defineProperty(event, 'dataTransfer', { value: dataTransfer });
      fireEvent(element, event);
    };
    fire(rows[2]!, createEvent.dragStart);
    fire(rows[0]!, createEvent.dragOver);
    fire(rows[0]!, createEvent.drop);
    await waitFor(() => expect(names(list)).toEqual(['c', 'a', 'b']));
    expect(bodyOf(callsTo(fetchSpy, 'updateTag', { tag: 'c' })[0])).toEqual({ position: 0 });
  });

  it('deletes a bookmark after a confirmation that says how many conversations carry it', async () => {
    const fetchSpy = serveTags([tag('work', 0, { count: 3 }), tag('ideas', 1)]);
    renderHistory('/c/new');
    const { list } = await openManager();
    await userEvent.click(within(list).getByRole('button', { name: 'Delete work' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete bookmark “work”?' });
    expect(confirm).toHaveTextContent('It is on 3 conversations, which keep their messages: only the bookmark is taken off them.');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete bookmark' }));
    await waitFor(() => expect(names(list)).toEqual(['ideas']));
    expect(callsTo(fetchSpy, 'deleteTag', { tag: 'work' })).toHaveLength(1);
    expect(await screen.findByText('Bookmark “work” deleted')).toBeInTheDocument();
  });
});
