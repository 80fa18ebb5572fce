import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, fail, when } from '@/test/mock-api.ts';
import { bodyOf, fragment, mockFragments, renderFragments, sampleFragments } from '../test/fragments-test-kit.tsx';

const preview = () => screen.getByRole('complementary', { name: 'Fragment preview' });
const option = (name: RegExp) => screen.getByRole('option', { name });
const older = fragment({ id: 'f9', content: 'An older note about asking for help early', type: 'insight', timestamp: '2026-09-01T08:00:00.000Z' });
const gone = () => fail(404, { code: 'NOT_FOUND', message: 'Fragment not found' });

describe('Fragments: links from the log', () => {
  it('previews the fragment of ?id= from the loaded page without fetching it again, then clears the address', async () => {
    const spy = mockFragments();
    const { router } = renderFragments('/fragments?id=f2');
    expect(await within(preview()).findByText('How do I say no without closing doors?')).toBeInTheDocument();
    expect(option(/How do I say no/)).toHaveAttribute('aria-current', 'true');
    expect(screen.queryByText(/selected$/)).not.toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(callsTo(spy, 'getFragment', { id: 'f2' })).toHaveLength(0);
  });

  it('fetches a ?id= fragment that is not in the loaded page and previews it, editable', async () => {
    let stored = older;
    const spy = mockFragments(sampleFragments, {
      getFragment: when({ id: 'f9' }, () => stored),
      updateFragment: when({ id: 'f9' }, ({ init }) => (stored = { ...stored, ...(bodyOf(init) as object) })),
    });
    const user = userEvent.setup();
    const { router } = renderFragments('/fragments?id=f9');
    expect(await within(preview()).findByText('An older note about asking for help early')).toBeInTheDocument();
    expect(callsTo(spy, 'getFragment', { id: 'f9' })).toHaveLength(1);
    expect(screen.queryByRole('option', { name: /An older note/ })).not.toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await user.selectOptions(within(preview()).getByRole('combobox', { name: 'Type' }), 'question');
    expect(await screen.findByText('Fragment updated')).toBeInTheDocument();
    await waitFor(() => expect(within(preview()).getByRole('combobox', { name: 'Type' })).toHaveValue('question'));
  });

  it('says gently that a linked fragment no longer exists and keeps the inbox as it was', async () => {
    mockFragments(sampleFragments, { getFragment: when({ id: 'deleted' }, gone) });
    const { router } = renderFragments('/fragments?id=deleted');
    expect(await screen.findByText('That fragment is no longer here; it may have been deleted')).toBeInTheDocument();
    expect(option(/Clarity is kindness/)).toBeInTheDocument();
    expect(within(preview()).queryByRole('combobox', { name: 'Type' })).not.toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('selects the sources of a woven reflection (?select=), fetching those not loaded, and previews the first', async () => {
    const spy = mockFragments(sampleFragments, { getFragment: [when({ id: 'f9' }, older), when({ id: 'deleted' }, gone)], });
    const user = userEvent.setup();
    const { router } = renderFragments('/fragments?select=f9,f3,deleted');
    expect(await screen.findByText('2 selected')).toBeInTheDocument();
    expect(within(preview()).getByText('An older note about asking for help early')).toBeInTheDocument();
    expect(option(/I realized my best ideas/)).toHaveAttribute('aria-selected', 'true');
    expect(option(/Clarity is kindness/)).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByText('That fragment is no longer here; it may have been deleted')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(callsTo(spy, 'getFragment', { id: 'f3' })).toHaveLength(0);

    // Weave takes the whole selection, the fetched fragment included.
    await user.keyboard('{Control>}e{/Control}');
    expect(within(screen.getByRole('dialog', { name: 'Weave Fragments' })).getByRole('textbox', { name: 'Title' })).toHaveValue('Reflection woven from 2 fragments');
  });

  it('counts the missing sources of a woven reflection', async () => {
    mockFragments(sampleFragments, { getFragment: [when({ id: 'x1' }, gone), when({ id: 'x2' }, gone)], });
    renderFragments('/fragments?select=x1,f1,x2');
    expect(await screen.findByText('2 of those fragments are no longer here; they may have been deleted')).toBeInTheDocument();
    expect(await within(preview()).findByText(/Clarity is kindness/)).toBeInTheDocument();
    expect(screen.getByText('1 selected')).toBeInTheDocument();
  });
});
