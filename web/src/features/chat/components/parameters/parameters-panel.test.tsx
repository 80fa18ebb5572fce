import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { callsTo, when } from '@/test/mock-api.ts';
import { resetStreamForTests } from '../../lib/stream-store.ts';
import { bodyOf, testConvo } from '../../test/chat-fixtures.tsx';
import { BEDROCK_CLAUDE, chooseModel, expectModel, openParameters, renderComposer, send } from '../composer/composer-test-kit.tsx';

afterEach(() => {
  resetStreamForTests();
  localStorage.clear();
});

describe('parameters panel', () => {
  it('shows only what applies to a Claude 3.7 model on Bedrock: thinking on with its budget, then without thinking temperature 0 to 1 and top P, never penalties', async () => {
    renderComposer('/c/new');
    await chooseModel('bedrock', BEDROCK_CLAUDE);
    const panel = await openParameters();
    const thinking = within(panel).getByRole('switch', { name: /Extended thinking/ });
    expect(thinking).toBeChecked();
    expect(within(panel).getByRole('spinbutton', { name: 'Thinking budget (tokens)' })).toHaveValue(2000);
    // Sampling cannot be changed while Claude thinks.
    expect(within(panel).queryByRole('spinbutton', { name: 'Temperature' })).toBeNull();
    expect(within(panel).queryByRole('spinbutton', { name: 'Top P' })).toBeNull();

    await userEvent.click(thinking);
    expect(within(panel).getByRole('spinbutton', { name: 'Temperature' })).toHaveAttribute('max', '1');
    expect(within(panel).getByRole('spinbutton', { name: 'Top P' })).toHaveAttribute('max', '1');
    expect(within(panel).queryByRole('spinbutton', { name: 'Presence penalty' })).toBeNull();
    expect(within(panel).queryByRole('spinbutton', { name: 'Thinking budget (tokens)' })).toBeNull();
  });

  it('offers a Claude model on Anthropic no sampling controls: only max output tokens, and for 3.7 thinking with its budget', async () => {
    renderComposer('/c/new');
    await chooseModel('anthropic', 'claude-3-7-sonnet-latest');
    const panel = await openParameters();
    const spinbuttonNames = () => within(panel).getAllByRole('spinbutton').map((box) => (box as HTMLInputElement).labels?.[0]?.textContent);
    expect(spinbuttonNames()).toEqual(['Max output tokens', 'Thinking budget (tokens)']);
    const thinking = within(panel).getByRole('switch', { name: /Extended thinking/ });
    expect(thinking).toBeChecked();
    // Anthropic's API takes no sampling parameters, thinking or not.
    await userEvent.click(thinking);
    expect(spinbuttonNames()).toEqual(['Max output tokens']);
    for (const name of ['Temperature', 'Top P', 'Top K']) expect(within(panel).queryByRole('slider', { name })).toBeNull();

    await userEvent.click(within(panel).getByRole('button', { name: 'Done' }));
    await chooseModel('anthropic', 'claude-3-5-haiku-latest');
    const legacy = await openParameters();
    expect(within(legacy).getAllByRole('spinbutton').map((box) => (box as HTMLInputElement).labels?.[0]?.textContent)).toEqual(['Max output tokens']);
    expect(within(legacy).getByRole('spinbutton', { name: 'Max output tokens' })).toHaveAttribute('max', '4096');
    expect(within(legacy).queryByRole('switch')).toBeNull();
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
    await chooseModel('bedrock', BEDROCK_CLAUDE);
    const panel = await openParameters();
    await userEvent.click(within(panel).getByRole('switch', { name: /Extended thinking/ }));
    const temperature = within(panel).getByRole('spinbutton', { name: 'Temperature' });
    await userEvent.clear(temperature);
    await userEvent.type(temperature, '1.8');
    await userEvent.tab();
    expect(temperature).toHaveValue(1);
    await userEvent.type(within(panel).getByRole('textbox', { name: 'Custom instructions' }), 'Answer in French.');
    await userEvent.type(within(panel).getByRole('textbox', { name: 'Stop sequences' }), 'END{Enter}');
    await userEvent.click(within(panel).getByRole('button', { name: 'Done' }));

    await send('Bonjour');
    await waitFor(() => expect(callsTo(fetchSpy, 'bedrockChat')).toHaveLength(1));
    expect(bodyOf(callsTo(fetchSpy, 'bedrockChat')[0])).toMatchObject({ model: BEDROCK_CLAUDE, temperature: 1, promptPrefix: 'Answer in French.', stop: ['END'], thinking: false, topP: null, maxOutputTokens: null });
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
    await waitFor(() => expect(callsTo(fetchSpy, 'askOpenAI')).toHaveLength(1));
    expect(bodyOf(callsTo(fetchSpy, 'askOpenAI')[0])).toMatchObject({ temperature: null, modelLabel: null });
  });

  it('starts an existing conversation from its saved settings', async () => {
    const fetchSpy = renderComposer('/c/c1', {
      getConvo: when({ conversationId: 'c1' }, testConvo('c1', { endpoint: 'bedrock', model: BEDROCK_CLAUDE, temperature: 0.3, thinking: false })),
      getMessages: when({ conversationId: 'c1' }, []),
    });
    await expectModel('Claude 3.7 Sonnet', BEDROCK_CLAUDE);
    const panel = await openParameters();
    expect(within(panel).getByRole('spinbutton', { name: 'Temperature' })).toHaveValue(0.3);
    expect(within(panel).getByRole('switch', { name: /Extended thinking/ })).not.toBeChecked();
    await userEvent.click(within(panel).getByRole('button', { name: 'Done' }));
    await send('More please');
    await waitFor(() => expect(callsTo(fetchSpy, 'bedrockChat')).toHaveLength(1));
    expect(bodyOf(callsTo(fetchSpy, 'bedrockChat')[0])).toMatchObject({ conversationId: 'c1', temperature: 0.3, thinking: false });
  });
});
