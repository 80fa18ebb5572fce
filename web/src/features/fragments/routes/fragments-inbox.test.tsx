import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { callsTo, fail, when } from '@/test/mock-api.ts';
import { bodyOf, fragment, mockFragments, renderFragments, sampleFragments } from '../test/fragments-test-kit.tsx';
import { SEARCH_DEBOUNCE_MS } from './fragments-route.tsx';

const preview = () => screen.getByRole('complementary', { name: 'Fragment preview' });
const option = (name: RegExp) => screen.getByRole('option', { name });

describe('Fragments: the inbox', () => {
  it('shows each row’s type, a 200-character preview, two tags and "+N", words and the pin', async () => {
    const long = `${'word '.repeat(60)}tail that is cut away`;
    mockFragments([...sampleFragments, fragment({ id: 'f4', content: long })]);
    renderFragments();
    const quote = await screen.findByRole('option', { name: /Clarity is kindness/ });
    expect(within(quote).getByText('Quote')).toBeInTheDocument();
    expect(within(quote).getByText('#leadership')).toBeInTheDocument();
    expect(within(quote).getByText('#communication')).toBeInTheDocument();
    expect(within(quote).queryByText('#offsite')).not.toBeInTheDocument();
    expect(within(quote).getByLabelText('2 more tags')).toHaveTextContent('+2');
    expect(within(quote).getByText('9 words')).toBeInTheDocument();
    expect(within(option(/I realized my best ideas/)).getByText('Pinned')).toBeInTheDocument();
    const cut = within(option(/word word/)).getByText(/^word/);
    expect(cut.textContent).toBe(`${long.slice(0, 200).trimEnd()}…`);
  });

  it('shows the skeleton only until the first answer, and keeps the rows on screen while a search loads', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    mockFragments(sampleFragments, {
      listFragments: async ({ url }) => {
        if (new URL(url, 'http://localhost').searchParams.has('q')) await gate;
        return { fragments: sampleFragments.filter((item) => !url.includes('q=') || item.id === 'f2'), nextCursor: null };
      },
    });
    const user = userEvent.setup();
    renderFragments();
    expect(screen.getByRole('status', { name: /Loading/ })).toBeInTheDocument();
    await screen.findByRole('option', { name: /Clarity is kindness/ });
    expect(screen.queryByRole('status', { name: /Loading/ })).not.toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Search fragments' }), 'doors');
    await waitFor(() => expect(screen.getByRole('tabpanel', { name: 'Inbox' })).toHaveAttribute('aria-busy', 'true'));
    expect(screen.queryByRole('status', { name: /Loading/ })).not.toBeInTheDocument();
    expect(option(/Clarity is kindness/)).toBeInTheDocument();
    act(() => release());
    await waitFor(() => expect(screen.queryByRole('option', { name: /Clarity is kindness/ })).not.toBeInTheDocument());
    expect(option(/say no without closing doors/)).toBeInTheDocument();
  });

  it('searches on the server once the typing settles', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const spy = mockFragments();
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      renderFragments();
      await screen.findByRole('option', { name: /Clarity is kindness/ });
      await user.type(screen.getByRole('searchbox', { name: 'Search fragments' }), 'LEAD');
      expect(callsTo(spy, 'listFragments')).toHaveLength(1);
      await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS));
      await waitFor(() => expect(callsTo(spy, 'listFragments')).toHaveLength(2));
      const urls = spy.mock.calls.map(([input]) => String(input)).filter((url) => url.includes('/api/fragments'));
      expect(new URL(urls[1]!, 'http://localhost').searchParams.get('q')).toBe('LEAD');
      // Matched on a tag, case-insensitively, by the server.
      await waitFor(() => expect(screen.queryByRole('option', { name: /say no/ })).not.toBeInTheDocument());
      expect(option(/Clarity is kindness/)).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('previews on click, selects with Cmd/Ctrl-click and Space, and moves the focus with the arrow keys', async () => {
    mockFragments();
    const user = userEvent.setup();
    renderFragments();
    await user.click(await screen.findByRole('option', { name: /Clarity is kindness/ }));
    expect(within(preview()).getByText(/heard in the leadership offsite/)).toBeInTheDocument();
    expect(option(/Clarity is kindness/)).toHaveAttribute('aria-selected', 'false');

    await user.keyboard('{Control>}');
    await user.click(option(/say no without closing doors/));
    await user.keyboard('{/Control}');
    expect(option(/say no without closing doors/)).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('1 selected')).toBeInTheDocument();

    await user.keyboard('{ArrowDown}');
    expect(option(/I realized my best ideas/)).toHaveFocus();
    await user.keyboard(' ');
    expect(option(/I realized my best ideas/)).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(option(/Clarity is kindness/)).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    await user.keyboard('{ArrowDown} ');
    expect(option(/say no without closing doors/)).toHaveAttribute('aria-selected', 'false');
  });

  it('pins at once and confirms; a refusal puts the pin back and says so', async () => {
    let refuse = false;
    mockFragments(sampleFragments, {
      updateFragment: when({ id: 'f2' }, ({ init }) => (refuse ? fail(500, { code: 'INTERNAL_ERROR', message: 'no' }) : { ...sampleFragments[1]!, ...(bodyOf(init) as object) })),
    });
    const user = userEvent.setup();
    renderFragments();
    await user.click(await screen.findByRole('option', { name: /say no without closing doors/ }));
    await user.click(within(preview()).getByRole('button', { name: 'Pin' }));
    expect(await screen.findByText('Fragment pinned')).toBeInTheDocument();
    expect(within(option(/say no/)).getByText('Pinned')).toBeInTheDocument();

    refuse = true;
    await user.click(within(preview()).getByRole('button', { name: 'Unpin' }));
    expect(await screen.findByText('The pin could not be changed; it is back as it was')).toBeInTheDocument();
    expect(within(preview()).getByRole('button', { name: 'Unpin' })).toBeInTheDocument();
  });

  it('edits the type and tags from the preview', async () => {
    const spy = mockFragments(sampleFragments, {
      updateFragment: when({ id: 'f2' }, ({ init }) => ({ ...sampleFragments[1]!, ...(bodyOf(init) as object) })),
    });
    const user = userEvent.setup();
    renderFragments();
    await user.click(await screen.findByRole('option', { name: /say no without closing doors/ }));
    await user.selectOptions(within(preview()).getByRole('combobox', { name: 'Type' }), 'todo');
    await waitFor(() => expect(callsTo(spy, 'updateFragment', { id: 'f2' })).toHaveLength(1));
    const tags = within(preview()).getByRole('textbox', { name: 'Tags' });
    await user.clear(tags);
    await user.type(tags, 'boundaries, career{Enter}');
    await waitFor(() => expect(callsTo(spy, 'updateFragment', { id: 'f2' })).toHaveLength(2));
    expect(callsTo(spy, 'updateFragment', { id: 'f2' }).map(bodyOf)).toEqual([{ type: 'todo' }, { tags: ['boundaries', 'career'] }]);
  });

  it('deletes after a confirmation, with the toast, and closes the preview', async () => {
    const all = [...sampleFragments];
    mockFragments(all, { deleteFragment: when({ id: 'f3' }, () => (all.splice(2, 1), { deleted: true })) });
    const user = userEvent.setup();
    renderFragments();
    await user.click(await screen.findByRole('option', { name: /I realized my best ideas/ }));
    await user.click(within(preview()).getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this fragment?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Fragment deleted')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('option', { name: /I realized my best ideas/ })).not.toBeInTheDocument());
    expect(within(preview()).getByText('Choose a fragment to see it here.')).toBeInTheDocument();
  });

  it('loads older fragments with Load more', async () => {
    const many = Array.from({ length: 55 }, (_, index) => fragment({ id: `m${index}`, content: `Note number ${index + 1}` }));
    const spy = mockFragments(many);
    const user = userEvent.setup();
    renderFragments();
    // Counted by selector: role queries over fifty rows are slow in jsdom.
    const rows = () => document.querySelectorAll('[role="option"]').length;
    await screen.findByText('Note number 1');
    expect(rows()).toBe(50);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Note number 55')).toBeInTheDocument();
    expect(rows()).toBe(55);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(new URL(String(spy.mock.calls.at(-1)![0]), 'http://localhost').searchParams.get('cursor')).toBe('50');
  });
});
