import { OPERATOR_TEXT, type Fragment } from '@meld/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, reply, when } from '@/test/mock-api.ts';
import { bodyOf, message, mockCoach, renderChats, sampleThreads, sse, thread } from '../test/coach-test-kit.tsx';

afterEach(() => vi.unstubAllGlobals());

const threadTitles = () => within(screen.getByRole('navigation', { name: 'Your chats' })).getAllByRole('button', { name: /.+/ }).filter((button) => button.hasAttribute('data-thread-item')).map((button) => button.querySelector('.font-serif')?.textContent);

describe('the chats page', () => {
  it('lists the threads and narrows them by a search over titles and last messages', async () => {
    mockCoach();
    renderChats();
    await screen.findByText('Presentation debrief');
    expect(threadTitles()).toEqual(['Presentation debrief', 'North-Star review', 'Budget worries']);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search chats' }), 'money');
    expect(threadTitles()).toEqual(['Budget worries']);
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search chats' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search chats' }), 'nothing like it');
    expect(screen.getByText('No chats match “nothing like it”.')).toBeInTheDocument();
  });

  it('pins a thread and mutes another for 7 days from the thread options', async () => {
    const fetch = mockCoach(sampleThreads, {
      updateCoachThread: [when({ id: 't1' }, ({ init }) => ({ ...sampleThreads[0]!, ...(bodyOf(init) as object), isPinned: true })), when({ id: 't3' }, () => ({ ...sampleThreads[2]!, mutedUntil: '2099-01-01T00:00:00.000Z' }))],
    });
    renderChats();
    await userEvent.click(await screen.findByRole('button', { name: 'Options for Presentation debrief' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Pin chat' }));
    await waitFor(() => expect(callsTo(fetch, 'updateCoachThread', { id: 't1' })).toHaveLength(1));
    expect(bodyOf(callsTo(fetch, 'updateCoachThread', { id: 't1' })[0]!)).toEqual({ isPinned: true });
    await userEvent.click(screen.getByRole('button', { name: 'Options for Budget worries' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Mute for 7 days' }));
    await waitFor(() => expect(callsTo(fetch, 'updateCoachThread', { id: 't3' })).toHaveLength(1));
    expect(bodyOf(callsTo(fetch, 'updateCoachThread', { id: 't3' })[0]!)).toEqual({ muted: true });
    expect(await screen.findByText('Muted')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Options for Budget worries' }));
    expect(screen.getByRole('menuitem', { name: 'Unmute' })).toBeInTheDocument();
  });

  it('shows two context chips cut at 15 characters and a count of the rest', async () => {
    const chips = [
      { kind: 'tag' as const, id: 'presentation-skills', label: 'presentation-skills' },
      { kind: 'fragment' as const, id: 'f1', label: 'I realized mornings are when I write best' },
      { kind: 'tag' as const, id: 'career', label: 'career' },
    ];
    mockCoach([thread({ id: 't1', title: 'Writing habits', contextChips: chips })], { listCoachMessages: when({ id: 't1' }, () => ({ messages: [] })) });
    renderChats('/chats?thread=t1');
    const list = await screen.findByRole('list', { name: 'Context' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('#presentation-s…');
    expect(items[1]).toHaveTextContent('Fragment I realized morn…');
    expect(items[2]).toHaveTextContent('+1');
    expect(within(list).queryByText('#career')).toBeNull();
  });

  it('streams the coach’s reply into the thread and then shows what it drew on', async () => {
    let saved = false;
    const reply = message({ id: 'm2', sender: 'ai', content: 'You kept showing up.', sources: { checkIns: 7, reflections: 0, summaries: 0, wins: 0, fragments: 2, goals: 0 } });
    const fetch = mockCoach([thread({ id: 't1', title: 'Weekly check' })], {
      listCoachMessages: when({ id: 't1' }, () => ({ messages: saved ? [message({ id: 'm1', sender: 'user', content: 'How was my week?' }), reply] : [] })),
      askCoach: when({ id: 't1' }, () => {
        saved = true;
        return sse([
          { type: 'delta', messageId: 'm2', part: 'text', text: 'You kept ' },
          { type: 'delta', messageId: 'm2', part: 'text', text: 'showing up.' },
        ]);
      }),
    });
    renderChats('/chats?thread=t1');
    const box = await screen.findByRole('textbox', { name: 'Message the coach' });
    await userEvent.type(box, 'How was my week?{Enter}');
    expect(await screen.findByText('You kept showing up.')).toBeInTheDocument();
    expect(await screen.findByText('Drawing on your last 7 check-ins and 2 fragments')).toBeInTheDocument();
    expect(bodyOf(callsTo(fetch, 'askCoach', { id: 't1' })[0]!)).toMatchObject({ text: 'How was my week?' });
  });

  it('likes a reply and saves it to Fragments', async () => {
    const reply = message({ id: 'm2', sender: 'ai', content: 'Keep the morning block.' });
    const savedFragment: Fragment = { id: 'f9', content: reply.content, type: 'general', timestamp: '2026-11-20T09:30:00.000Z', source: 'manual', tags: [], isPinned: false, wordCount: 4, sourceUrl: null, clusterId: null, updatedAt: '2026-11-20T09:30:00.000Z' };
    mockCoach([thread({ id: 't1', title: 'Mornings' })], {
      listCoachMessages: when({ id: 't1' }, () => ({ messages: [reply] })),
      reactToCoachMessage: when({ id: 't1', messageId: 'm2' }, () => ({ ...reply, reactions: { thumbsUp: true } })),
      bookmarkCoachMessage: when({ id: 't1', messageId: 'm2' }, () => ({ message: { ...reply, bookmarkedFragmentId: 'f9' }, fragment: savedFragment })),
    });
    renderChats('/chats?thread=t1');
    await userEvent.click(await screen.findByRole('button', { name: 'Helpful' }));
    expect(await screen.findByRole('button', { name: 'Marked helpful' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Save to Fragments' }));
    expect(await screen.findByRole('button', { name: 'Saved to Fragments' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('says a failed reply failed, without the reply actions', async () => {
    mockCoach([thread({ id: 't1', title: 'Rough day' })], {
      listCoachMessages: when({ id: 't1' }, () => ({ messages: [message({ id: 'm1', sender: 'user', content: 'Help' }), message({ id: 'm2', sender: 'ai', content: '', error: true })] })),
    });
    renderChats('/chats?thread=t1');
    expect(await screen.findByText('The coach could not answer this time. Try sending your message again.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save to Fragments' })).toBeNull();
  });

  it('toggles focus between the composer and the thread list with Cmd/Ctrl+Alt+C', async () => {
    mockCoach(sampleThreads, { listCoachMessages: when({ id: 't2' }, () => ({ messages: [] })) });
    renderChats('/chats?thread=t2');
    const box = await screen.findByRole('textbox', { name: 'Message the coach' });
    fireEvent.keyDown(document, { key: 'c', code: 'KeyC', ctrlKey: true, altKey: true });
    expect(box).toHaveFocus();
    fireEvent.keyDown(document, { key: 'ç', code: 'KeyC', metaKey: true, altKey: true });
    expect(document.activeElement).toHaveAttribute('aria-current', 'true');
    expect(document.activeElement).toHaveTextContent('North-Star review');
  });

  it('starts a thread with the fragment as a chip from /chats?fragment=', async () => {
    const created = thread({ id: 't9', title: 'New Chat', contextChips: [{ kind: 'fragment', id: 'f1', label: 'A thought worth keeping' }] });
    const fetch = mockCoach([], { createCoachThread: () => reply(created, 201), listCoachMessages: when({ id: 't9' }, () => ({ messages: [] })) });
    const { router } = renderChats('/chats?fragment=f1');
    await waitFor(() => expect(router.state.location.search).toBe('?thread=t9'));
    expect(bodyOf(callsTo(fetch, 'createCoachThread')[0]!)).toEqual({ contextChips: [{ kind: 'fragment', fragmentId: 'f1' }] });
    expect(await screen.findByText('A thought worth…')).toBeInTheDocument();
  });

  it('without a coach, says calmly that coach conversations are not here yet and offers a reflection and fragments instead', async () => {
    const fetch = mockCoach([], {}, false);
    renderChats('/chats?fragment=f1');
    const notice = await screen.findByRole('region', { name: 'Coach conversations are not here yet' });
    expect(notice).toHaveTextContent('not available in this pilot yet');
    expect(notice.textContent).not.toMatch(OPERATOR_TEXT);
    expect(within(notice).getByRole('link', { name: 'Write a reflection' })).toHaveAttribute('href', '/today?reflect=evening');
    expect(within(notice).getByRole('link', { name: 'Open fragments' })).toHaveAttribute('href', '/fragments');
    expect(screen.queryByRole('button', { name: 'New Chat' })).toBeNull();
    // A link from elsewhere with a fragment starts no thread the server would refuse.
    expect(callsTo(fetch, 'createCoachThread')).toHaveLength(0);
  });
});
