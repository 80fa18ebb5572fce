import type { WinTile } from '@meld/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { captureDownloads } from '@/test/capture-downloads.ts';
import { testConfig } from '@/test/fixtures.ts';
import { callsTo, reply, when } from '@/test/mock-api.ts';
import { bodyOf, fragment, mockFragments, renderFragments, sampleFragments } from '../test/fragments-test-kit.tsx';

const preview = () => screen.getByRole('complementary', { name: 'Fragment preview' });
const option = (name: RegExp) => screen.getByRole('option', { name });

async function selectWithCtrl(user: ReturnType<typeof userEvent.setup>, ...names: RegExp[]) {
  await user.keyboard('{Control>}');
  for (const name of names) await user.click(option(name));
  await user.keyboard('{/Control}');
}

describe('Fragments: weaving, Escape and the wins vault', () => {
  it('weaves the selection with Cmd/Ctrl+E from the template, saves it, then clears the selection', async () => {
    const long = `I learned ${'that patience compounds '.repeat(8)}and it shows`;
    const fragments = [sampleFragments[0]!, fragment({ id: 'f5', content: long, type: 'insight' }), sampleFragments[1]!];
    const spy = mockFragments(fragments, {
      weaveFragments: ({ init }) => reply({ id: 'r1', ...(bodyOf(init) as object), createdAt: '2026-11-22T09:00:00.000Z' }, 201),
    });
    const user = userEvent.setup();
    renderFragments();
    await screen.findByRole('option', { name: /Clarity is kindness/ });
    await selectWithCtrl(user, /Clarity is kindness/, /patience compounds/);
    await user.keyboard('{Control>}e{/Control}');

    const dialog = screen.getByRole('dialog', { name: 'Weave Fragments' });
    expect(within(dialog).getByRole('textbox', { name: 'Title' })).toHaveValue('Reflection woven from 2 fragments');
    const body = within(dialog).getByRole('textbox', { name: 'Reflection' });
    const cut = `${long.slice(0, 120).trimEnd()}…`;
    expect(body).toHaveValue(
      `What I gathered:\n- Quote: "Clarity is kindness" - heard in the leadership offsite\n- Insight: ${cut}\n\nWhat connects them, and what I will do about it:\n`,
    );
    await user.click(body);
    await user.keyboard('{Control>}{End}{/Control}');
    await user.paste('Say the hard thing early.');
    await user.click(within(dialog).getByRole('button', { name: 'Weave reflection' }));

    expect(await screen.findByText('Reflection woven and saved to your log')).toBeInTheDocument();
    const sent = bodyOf(callsTo(spy, 'weaveFragments')[0]!) as { fragmentIds: string[]; title: string; body: string };
    expect(sent.fragmentIds).toEqual(['f1', 'f5']);
    expect(sent.title).toBe('Reflection woven from 2 fragments');
    expect(sent.body.endsWith('what I will do about it:\nSay the hard thing early.')).toBe(true);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByText(/selected/)).not.toBeInTheDocument();
    expect(option(/Clarity is kindness/)).toHaveAttribute('aria-selected', 'false');
  });

  it('weaves from the Weave button and from Merge on a single previewed fragment', async () => {
    mockFragments();
    const user = userEvent.setup();
    renderFragments();
    await screen.findByRole('option', { name: /Clarity is kindness/ });
    await selectWithCtrl(user, /say no without closing doors/);
    await user.click(screen.getByRole('button', { name: /^Weave/ }));
    expect(within(screen.getByRole('dialog', { name: 'Weave Fragments' })).getByText('1 fragment')).toBeInTheDocument();
    await user.keyboard('{Escape}');

    await user.click(option(/I realized my best ideas/));
    await user.click(within(preview()).getByRole('button', { name: 'Merge (Weave)' }));
    const dialog = screen.getByRole('dialog', { name: 'Weave Fragments' });
    expect(within(dialog).getByRole('textbox', { name: 'Title' })).toHaveValue('Reflection on one fragment');
    expect((within(dialog).getByRole('textbox', { name: 'Reflection' }) as HTMLTextAreaElement).value).toContain('- Insight: I realized my best ideas come on walks\n');
  });

  it('closes the weave dialog on Escape first, then the quick dialog, then clears the selection and the preview', async () => {
    mockFragments();
    const user = userEvent.setup();
    renderFragments();
    await user.click(await screen.findByRole('option', { name: /Clarity is kindness/ }));
    await selectWithCtrl(user, /say no without closing doors/);
    await user.keyboard('{Control>}e{/Control}');
    expect(screen.getByRole('dialog', { name: 'Weave Fragments' })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('1 selected')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Quick Fragment/ }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('1 selected')).toBeInTheDocument();
    expect(within(preview()).getByText(/heard in the leadership offsite/)).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(screen.queryByText('1 selected')).not.toBeInTheDocument();
    expect(within(preview()).getByText('Choose a fragment to see it here.')).toBeInTheDocument();
  });

  it('pins a fragment to the Wins Vault, with a toast that opens the vault', async () => {
    const pinnedWin: WinTile = {
      id: 'w1', titleInteractionId: 't-w1', descriptionInteractionId: 'd-w1', achievedAt: '2026-11-20T09:00:00.000Z', title: 'I realized my best ideas come on walks', date: '2026-11-20',
      description: '', tags: ['Win'], emoji: '💡', impact: [], source: 'fragment', isPinned: false, isShared: false, shareCount: 0, originalContent: 'I realized my best ideas come on walks',
    };
    const spy = mockFragments(sampleFragments, { pinFragmentToWins: when({ id: 'f3' }, () => reply(pinnedWin, 201)) });
    const user = userEvent.setup();
    const { router } = renderFragments();
    await user.click(await screen.findByRole('option', { name: /I realized my best ideas/ }));
    await user.click(within(preview()).getByRole('button', { name: 'Pin to Wins Vault' }));
    expect(await screen.findByText('Pinned to your Wins Vault')).toBeInTheDocument();
    expect(callsTo(spy, 'pinFragmentToWins', { id: 'f3' })).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Open vault' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/library/wins-vault'));
  });

  it('adds a fragment to a new chat or to one of the coach threads', async () => {
    mockFragments(sampleFragments, {
      listCoachThreads: () => ({
        threads: [{ id: 't1', title: 'Presentation Debrief', lastMessage: null, lastSender: null, lastActivity: '2026-11-20T09:00:00.000Z', unread: false, isPinned: false, mutedUntil: null, contextChips: [], createdAt: '2026-11-20T09:00:00.000Z' }],
        coachAvailable: true,
      }),
    });
    const user = userEvent.setup();
    const { router } = renderFragments();
    await user.click(await screen.findByRole('option', { name: /I realized my best ideas/ }));
    await user.click(within(preview()).getByRole('button', { name: 'Add to Chat' }));
    const menu = screen.getByRole('menu', { name: 'Add to Chat' });
    expect(await within(menu).findByRole('menuitem', { name: 'Presentation Debrief' })).toHaveAttribute('href', '/chats?thread=t1&fragment=f3');
    await user.click(within(menu).getByRole('menuitem', { name: 'New Chat' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/chats'));
    expect(router.state.location.search).toBe('?fragment=f3');
  });

  it('offers no Add to Chat when no coach answers, keeping the other actions', async () => {
    mockFragments(sampleFragments, { getConfig: testConfig({ coachAvailable: false }) });
    const user = userEvent.setup();
    renderFragments();
    await user.click(await screen.findByRole('option', { name: /I realized my best ideas/ }));
    expect(within(preview()).getByRole('button', { name: 'Pin to Wins Vault' })).toBeInTheDocument();
    expect(within(preview()).queryByRole('button', { name: 'Add to Chat' })).toBeNull();
  });

  it('saves the reflection and downloads it as Markdown, then closes and clears the selection', async () => {
    const downloads = captureDownloads();
    const spy = mockFragments(undefined, { weaveFragments: ({ init }) => reply({ id: 'r1', ...(bodyOf(init) as object), createdAt: '2026-11-22T09:00:00.000Z' }, 201) });
    const user = userEvent.setup();
    renderFragments();
    await screen.findByRole('option', { name: /Clarity is kindness/ });
    await selectWithCtrl(user, /say no without closing doors/);
    await user.keyboard('{Control>}e{/Control}');
    const dialog = screen.getByRole('dialog', { name: 'Weave Fragments' });
    const title = within(dialog).getByRole('textbox', { name: 'Title' });
    await user.clear(title);
    await user.type(title, 'Saying no, kindly!');
    await user.click(within(dialog).getByRole('button', { name: 'Save and download Markdown' }));

    expect(await screen.findByText('Exported to Markdown')).toBeInTheDocument();
    expect(screen.getByText('Reflection woven and saved to your log')).toBeInTheDocument();
    expect(downloads.names).toEqual(['saying-no-kindly.md']);
    expect(await downloads.text()).toBe('# Saying no, kindly!\n\nWhat I gathered:\n- Question: How do I say no without closing doors?\n\nWhat connects them, and what I will do about it:\n');
    expect(bodyOf(callsTo(spy, 'weaveFragments')[0]!)).toEqual({ fragmentIds: ['f2'], title: 'Saying no, kindly!', body: 'What I gathered:\n- Question: How do I say no without closing doors?\n\nWhat connects them, and what I will do about it:' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByText('1 selected')).not.toBeInTheDocument();
  });
});
