import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { callsTo, json } from '@/test/fetch-mock.ts';
import { resetStreamForTests } from '../../lib/stream-store.ts';
import { bodyOf, testConvo } from '../../test/chat-fixtures.tsx';
import { chooseModel, openParameters, renderComposer, send, SEP } from '../composer/composer-test-kit.tsx';

afterEach(() => {
  resetStreamForTests();
  localStorage.clear();
});

describe('parameters panel', () => {
  it('shows only what applies to a Claude 3.7 model: thinking on with its budget, then without thinking temperature 0 to 1 and top K, never penalties', async () => {
    renderComposer('/c/new');
    await chooseModel('anthropic', 'claude-3-7-sonnet-latest');
    const panel = await openParameters();
    const thinking = within(panel).getByRole('switch', { name: /Extended thinking/ });
    expect(thinking).toBeChecked();
    expect(within(panel).getByRole('spinbutton', { name: 'Thinking budget (tokens)' })).toHaveValue(2000);
    // Sampling cannot be changed while Claude thinks.
    expect(within(panel).queryByRole('spinbutton', { name: 'Temperature' })).toBeNull();

    await userEvent.click(thinking);
    expect(within(panel).getByRole('spinbutton', { name: 'Temperature' })).toHaveAttribute('max', '1');
    expect(within(panel).getByRole('spinbutton', { name: 'Top K' })).toBeInTheDocument();
    expect(within(panel).queryByRole('spinbutton', { name: 'Presence penalty' })).toBeNull();
    expect(within(panel).queryByRole('spinbutton', { name: 'Thinking budget (tokens)' })).toBeNull();
  });

  it('offers the penalties for an OpenAI model, and no thinking', async () => {
    renderComposer('/c/new');
    await chooseModel('openAI', 'gpt-4o-mini');
    const panel = await openParameters();
    expect(within(panel).getByRole('spinbutton', { name: 'Presence penalty' })).toHaveAttribute('max', '2');
    expect(within(panel).getByRole('spinbutton', { name: 'Temperature' })).toHaveAttribute('max', '2');
    expect(within(panel).queryByRole('switch')).toBeNull();
  });

  it('pulls a typed value outside the range back to its end, and sends what the panel shows', async () => {
    const fetchSpy = renderComposer('/c/new');
    await chooseModel('anthropic', 'claude-3-5-haiku-latest');
    const panel = await openParameters();
    const temperature = within(panel).getByRole('spinbutton', { name: 'Temperature' });
    await userEvent.clear(temperature);
    await userEvent.type(temperature, '1.8');
    await userEvent.tab();
    expect(temperature).toHaveValue(1);
    await userEvent.type(within(panel).getByRole('textbox', { name: 'Custom instructions' }), 'Answer in French.');
    await userEvent.type(within(panel).getByRole('textbox', { name: 'Stop sequences' }), 'END{Enter}');
    await userEvent.click(within(panel).getByRole('button', { name: 'Done' }));

    await send('Bonjour');
    await waitFor(() => expect(callsTo(fetchSpy, 'POST /api/ask/anthropic')).toHaveLength(1));
    expect(bodyOf(callsTo(fetchSpy, 'POST /api/ask/anthropic')[0])).toMatchObject({ model: 'claude-3-5-haiku-latest', temperature: 1, promptPrefix: 'Answer in French.', stop: ['END'], thinking: null, maxOutputTokens: null });
  });

  it('takes at most four stop sequences', async () => {
    renderComposer('/c/new');
    await chooseModel('demo', 'meld-demo');
    const panel = await openParameters();
    const box = within(panel).getByRole('textbox', { name: 'Stop sequences' });
    for (const sequence of ['a', 'b', 'c', 'd']) await userEvent.type(box, `${sequence}{Enter}`);
    expect(box).toBeDisabled();
    await userEvent.click(within(panel).getByRole('button', { name: 'Remove stop sequence “b”' }));
    expect(box).toBeEnabled();
  });

  it('resets every parameter to the defaults', async () => {
    const fetchSpy = renderComposer('/c/new');
    await chooseModel('openAI', 'gpt-4o-mini');
    const panel = await openParameters();
    const temperature = within(panel).getByRole('spinbutton', { name: 'Temperature' });
    await userEvent.clear(temperature);
    await userEvent.type(temperature, '0.2');
    await userEvent.type(within(panel).getByRole('textbox', { name: 'Assistant name' }), 'Sage');
    await userEvent.click(within(panel).getByRole('button', { name: 'Reset to defaults' }));
    expect(temperature).toHaveValue(1);
    expect(within(panel).getByRole('textbox', { name: 'Assistant name' })).toHaveValue('');
    await userEvent.click(within(panel).getByRole('button', { name: 'Done' }));
    await send('Hi');
    await waitFor(() => expect(callsTo(fetchSpy, 'POST /api/ask/openAI')).toHaveLength(1));
    expect(bodyOf(callsTo(fetchSpy, 'POST /api/ask/openAI')[0])).toMatchObject({ temperature: null, modelLabel: null });
  });

  it('starts an existing conversation from its saved settings', async () => {
    const fetchSpy = renderComposer('/c/c1', {
      'GET /api/convos/c1': json(testConvo('c1', { endpoint: 'anthropic', model: 'claude-3-7-sonnet-latest', temperature: 0.3, thinking: false })),
      'GET /api/messages/c1': json([]),
    });
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Model' })).toHaveValue(`anthropic${SEP}claude-3-7-sonnet-latest`));
    const panel = await openParameters();
    expect(within(panel).getByRole('spinbutton', { name: 'Temperature' })).toHaveValue(0.3);
    expect(within(panel).getByRole('switch', { name: /Extended thinking/ })).not.toBeChecked();
    await userEvent.click(within(panel).getByRole('button', { name: 'Done' }));
    await send('More please');
    await waitFor(() => expect(callsTo(fetchSpy, 'POST /api/ask/anthropic')).toHaveLength(1));
    expect(bodyOf(callsTo(fetchSpy, 'POST /api/ask/anthropic')[0])).toMatchObject({ conversationId: 'c1', temperature: 0.3, thinking: false });
  });
});
