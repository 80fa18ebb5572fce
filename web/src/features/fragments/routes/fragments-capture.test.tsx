import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, reply } from '@/test/mock-api.ts';
import { bodyOf, fragment, mockFragments, renderFragments, sampleFragments } from '../test/fragments-test-kit.tsx';

const listbox = () => screen.getByRole('listbox', { name: /Fragments, \d+ shown/ });

describe('Fragments: capturing', () => {
  it('shows the detected type as the text is written and keeps the type the member picks', async () => {
    mockFragments();
    const user = userEvent.setup();
    renderFragments();
    await screen.findByRole('option', { name: /Clarity is kindness/ });
    await user.click(screen.getByRole('button', { name: /Quick Fragment/ }));
    const dialog = screen.getByRole('dialog', { name: 'Quick Fragment' });
    const text = within(dialog).getByRole('textbox', { name: 'Fragment' });
    const type = within(dialog).getByRole('combobox', { name: 'Type' });
    expect(type).toHaveValue('general');
    await user.type(text, 'Ship it?');
    expect(type).toHaveValue('question');
    expect(within(dialog).getByText('Detected: Question')).toBeInTheDocument();
    await user.clear(text);
    await user.paste('Call Sam tomorrow');
    expect(type).toHaveValue('todo');
    await user.selectOptions(type, 'insight');
    await user.type(text, ' ok?');
    expect(within(dialog).getByText('Detected: Question')).toBeInTheDocument();
    expect(type).toHaveValue('insight');
  });

  it('captures with the chosen type and tags, then shows the new fragment in the inbox and the preview', async () => {
    const all = [...sampleFragments];
    const spy = mockFragments(all, {
      createFragment: ({ init }) => {
        const body = bodyOf(init) as { content: string; type: 'todo'; tags: string[] };
        const created = fragment({ id: 'f9', content: body.content, type: body.type, tags: body.tags, timestamp: '2026-11-22T08:00:00.000Z' });
        all.unshift(created);
        return reply(created, 201);
      },
    });
    const user = userEvent.setup();
    renderFragments();
    await screen.findByRole('option', { name: /Clarity is kindness/ });
    await user.click(screen.getByRole('button', { name: /Quick Fragment/ }));
    const dialog = screen.getByRole('dialog', { name: 'Quick Fragment' });
    await user.click(within(dialog).getByRole('textbox', { name: 'Fragment' }));
    await user.paste('  Call Sam tomorrow about the roadmap ');
    await user.click(within(dialog).getByRole('textbox', { name: /Tags/ }));
    await user.paste('team, roadmap, Team,');
    await user.click(within(dialog).getByRole('button', { name: 'Capture' }));

    expect(await screen.findByText('Fragment captured')).toBeInTheDocument();
    expect(bodyOf(callsTo(spy, 'createFragment')[0]!)).toEqual({ content: 'Call Sam tomorrow about the roadmap', type: 'todo', source: 'manual', tags: ['team', 'roadmap'] });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(listbox()).findByRole('option', { name: /Call Sam tomorrow/ })).toBeInTheDocument();
    expect(within(screen.getByRole('complementary', { name: 'Fragment preview' })).getByText('Call Sam tomorrow about the roadmap')).toBeInTheDocument();
  });

  it('captures nothing from blank text, even with Cmd/Ctrl+Enter', async () => {
    const spy = mockFragments();
    const user = userEvent.setup();
    renderFragments();
    await screen.findByRole('option', { name: /Clarity is kindness/ });
    await user.click(screen.getByRole('button', { name: /Quick Fragment/ }));
    const dialog = screen.getByRole('dialog', { name: 'Quick Fragment' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Fragment' }), '   ');
    expect(within(dialog).getByRole('button', { name: 'Capture' })).toBeDisabled();
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(callsTo(spy, 'createFragment')).toHaveLength(0);
    expect(screen.getByRole('dialog', { name: 'Quick Fragment' })).toBeInTheDocument();
  });

  it('clips a quote from the web as a fragment with source web and its address', async () => {
    const spy = mockFragments(sampleFragments, {
      createFragment: ({ init }) => reply(fragment({ id: 'f8', ...(bodyOf(init) as { content: string }), type: 'quote' }), 201),
    });
    const user = userEvent.setup();
    renderFragments();
    await screen.findByRole('option', { name: /Clarity is kindness/ });
    await user.click(screen.getByRole('button', { name: /Web clip/ }));
    const dialog = screen.getByRole('dialog', { name: 'Web clip' });
    const clip = within(dialog).getByRole('button', { name: 'Clip' });
    await user.click(within(dialog).getByRole('textbox', { name: 'Quote' }));
    await user.paste('Slow is smooth, smooth is fast.');
    const address = within(dialog).getByRole('textbox', { name: 'Page address' });
    // An address that cannot be kept says why, on the field, and nothing is sent.
    await user.type(address, 'not a page');
    await user.click(clip);
    expect(address).toHaveAccessibleDescription('This is not a web address. Copy it from your browser’s address bar; it starts with https://.');
    await user.clear(address);
    await user.type(address, 'ftp://example.com/essay');
    expect(address).toHaveAccessibleDescription('Only web pages can be clipped: the address must start with http:// or https://.');
    expect(callsTo(spy, 'createFragment')).toHaveLength(0);
    // A bare address, as address bars show it, is one press from a web address.
    await user.clear(address);
    await user.type(address, 'example.com/essay');
    expect(address).toHaveAccessibleDescription('Web addresses start with https://.');
    await user.click(within(dialog).getByRole('button', { name: 'Use https://example.com/essay' }));
    expect(address).toHaveValue('https://example.com/essay');
    await user.click(clip);
    expect(await screen.findByText('Fragment captured')).toBeInTheDocument();
    expect(bodyOf(callsTo(spy, 'createFragment')[0]!)).toEqual({ content: 'Slow is smooth, smooth is fast.', source: 'web', sourceUrl: 'https://example.com/essay' });
  });

  it('opens the Quick Fragment dialog from the shell’s quick-add link (?capture=quick)', async () => {
    mockFragments();
    const { router } = renderFragments('/fragments?capture=quick');
    expect(await screen.findByRole('dialog', { name: 'Quick Fragment' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('invites a first capture when there are no fragments, and says "No fragments found" for a search that matches none', async () => {
    mockFragments([]);
    const user = userEvent.setup();
    renderFragments();
    expect(await screen.findByRole('heading', { name: 'Your first fragment starts here' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Capture a fragment' }));
    expect(screen.getByRole('dialog', { name: 'Quick Fragment' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.type(screen.getByRole('searchbox', { name: 'Search fragments' }), 'zebra');
    expect(await screen.findByText('No fragments found')).toBeInTheDocument();
  });
});
