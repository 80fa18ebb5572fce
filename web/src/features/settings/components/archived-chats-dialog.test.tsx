import type { Conversation } from '@meld/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, fail, mockApi } from '@/test/mock-api.ts';
import { archivedConvo, clearToastsAfterEach, renderSettingsAt } from '../test/settings-test-kit.tsx';

clearToastsAfterEach();

const searchOf = (url: string) => new URL(url, 'http://localhost').searchParams;

/** GET /api/convos over a list (filtered by `search` like the server); update and delete change it. */
function convoApi(initial: Conversation[], overrides: Parameters<typeof mockApi>[0] = {}) {
  let convos = [...initial];
  const searches: (string | null)[] = [];
  const spy = mockApi({
    listConvos: ({ url }) => {
      const params = searchOf(url);
      searches.push(params.get('search'));
      const search = params.get('search')?.toLowerCase() ?? '';
      return { conversations: convos.filter((convo) => convo.title.toLowerCase().includes(search)), nextCursor: null };
    },
    updateConvo: ({ init }) => {
      const { arg } = JSON.parse(String(init.body)) as { arg: { conversationId: string } };
      const convo = convos.find((item) => item.conversationId === arg.conversationId)!;
      convos = convos.filter((item) => item !== convo);
      return { ...convo, isArchived: false };
    },
    deleteConvo: ({ init }) => {
      const { arg } = JSON.parse(String(init.body)) as { arg: { conversationId: string } };
      convos = convos.filter((item) => item.conversationId !== arg.conversationId);
      return { deletedCount: 1 };
    },
    ...overrides,
  });
  return { spy, searches };
}

async function openArchive() {
  renderSettingsAt('general');
  await userEvent.click(screen.getByRole('button', { name: 'Manage' }));
  return screen.findByRole('dialog', { name: 'Archived chats' });
}

const archive = [archivedConvo('a1', 'Trip plan'), archivedConvo('a2', 'Reading list')];

describe('archived chats', () => {
  it('asks for archived chats and lists each with a new-tab link, date and model', async () => {
    const { spy } = convoApi(archive);
    const dialog = await openArchive();
    const link = await within(dialog).findByRole('link', { name: /Trip plan/ });
    expect(link).toHaveAttribute('href', '/c/a1');
    expect(link).toHaveAttribute('target', '_blank');
    expect(within(dialog).getAllByText('Oct 2, 2026').length).toBeGreaterThan(0);
    expect(within(dialog).getAllByText('anthropic')).toHaveLength(2);
    const [url] = spy.mock.calls.find(([input]) => String(input).includes('/api/convos')) ?? [];
    expect(searchOf(String(url)).get('isArchived')).toBe('true');
  });

  it('searches once typing pauses, not on every keystroke', async () => {
    const { searches } = convoApi(archive);
    const dialog = await openArchive();
    await within(dialog).findByText('Reading list');
    const box = within(dialog).getByRole('searchbox', { name: 'Search archived chats' });
    await userEvent.type(box, 'tr');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(searches).toEqual([null]);
    await userEvent.type(box, 'ip');
    await waitFor(() => expect(within(dialog).queryByText('Reading list')).not.toBeInTheDocument());
    expect(searches).toEqual([null, 'trip']);
    expect(within(dialog).getByText('Trip plan')).toBeInTheDocument();
  });

  it('unarchives a chat: it leaves the table and a toast confirms', async () => {
    const { spy } = convoApi(archive);
    const dialog = await openArchive();
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Unarchive "Trip plan"' }));
    expect(await screen.findByText('Chat moved back to your list.')).toBeInTheDocument();
    expect(within(dialog).queryByText('Trip plan')).not.toBeInTheDocument();
    const [request] = callsTo(spy, 'updateConvo');
    expect(JSON.parse(String(request?.body))).toEqual({ arg: { conversationId: 'a1', isArchived: false } });
  });

  it('keeps the chat and shows the unarchive error when it fails', async () => {
    convoApi(archive, { updateConvo: fail(500, { code: 'INTERNAL_ERROR', message: 'boom' }) });
    const dialog = await openArchive();
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Unarchive "Trip plan"' }));
    expect(await screen.findByText('The chat could not be unarchived. Please try again.')).toBeInTheDocument();
    expect(within(dialog).getByText('Trip plan')).toBeInTheDocument();
  });

  it('deletes a chat only after confirmation', async () => {
    const { spy } = convoApi(archive);
    const dialog = await openArchive();
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Delete "Reading list"' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this chat?' });
    expect(confirm).toHaveTextContent('"Reading list" and all of its messages will be deleted permanently.');
    expect(callsTo(spy, 'deleteConvo')).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(dialog).queryByText('Reading list')).not.toBeInTheDocument());
    expect(JSON.parse(String(callsTo(spy, 'deleteConvo')[0]?.body))).toEqual({ arg: { conversationId: 'a2', source: 'button' } });
  });
});
