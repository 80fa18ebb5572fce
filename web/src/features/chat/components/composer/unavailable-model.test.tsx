import { DEFAULT_USER_SETTINGS } from '@meld/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { callsTo, when } from '@/test/mock-api.ts';
import { resetStreamForTests } from '../../lib/stream-store.ts';
import { bodyOf, testConvo } from '../../test/chat-fixtures.tsx';
import { chooseModel, expectModel, modelPicker, openModelPicker, renderComposer, send } from './composer-test-kit.tsx';

afterEach(() => {
  resetStreamForTests();
  localStorage.clear();
});

/** An imported conversation whose endpoint this server does not have (the kit offers demo, Anthropic, OpenAI and Bedrock). */
const imported = (overrides = {}) => ({
  getConvo: when({ conversationId: 'c1' }, testConvo('c1', { endpoint: 'google', model: 'gemini-1.5-pro', temperature: 0.4, ...overrides })),
  getMessages: when({ conversationId: 'c1' }, []),
});
const NOTICE = 'This conversation used gemini-1.5-pro on google, which is not available here. Choose a model below to continue it.';

describe('a conversation whose model is not available here', () => {
  it('says so, sends nothing, and waits for a model to be chosen instead of using the first one', async () => {
    const fetchSpy = renderComposer('/c/c1', imported());
    expect(await screen.findByText(NOTICE)).toHaveAttribute('role', 'status');
    await waitFor(() => expect(modelPicker()).toBeEnabled());
    await expectModel('Choose a model');
    expect(modelPicker()).not.toHaveAttribute('title');

    await send('Carry on');
    expect(screen.getByRole('button', { name: 'Send message' })).toBeDisabled();
    for (const route of ['askDemo', 'askAnthropic', 'askOpenAI', 'bedrockChat'] as const) expect(callsTo(fetchSpy, route)).toHaveLength(0);
  });

  it('continues on the chosen model with the conversation’s own parameters, and the notice goes', async () => {
    const fetchSpy = renderComposer('/c/c1', imported());
    await screen.findByText(NOTICE);
    await chooseModel('openAI', 'gpt-4o-mini');
    expect(screen.queryByText(NOTICE)).toBeNull();
    await userEvent.clear(screen.getByRole('textbox', { name: 'Message' }));
    await send('Carry on');
    await waitFor(() => expect(callsTo(fetchSpy, 'askOpenAI')).toHaveLength(1));
    expect(bodyOf(callsTo(fetchSpy, 'askOpenAI')[0])).toMatchObject({ conversationId: 'c1', model: 'gpt-4o-mini', temperature: 0.4 });
  });

  it('offers every endpoint even when switching models mid-conversation is off', async () => {
    renderComposer('/c/c1', { ...imported(), getUserSettings: { ...DEFAULT_USER_SETTINGS, modularChat: false } });
    await screen.findByText(NOTICE);
    const list = await openModelPicker();
    expect(within(list).getAllByRole('group').map((group) => document.getElementById(group.getAttribute('aria-labelledby') ?? '')?.textContent)).toEqual(['Offline demo', 'Anthropic', 'OpenAI', 'AWS Bedrock']);
  });

  it('names only the endpoint when the conversation has no model', async () => {
    renderComposer('/c/c1', imported({ model: null }));
    expect(await screen.findByText('This conversation used google, which is not available here. Choose a model below to continue it.')).toBeInTheDocument();
  });

  it('shows no notice for a conversation on an endpoint on offer', async () => {
    renderComposer('/c/c1', imported({ endpoint: 'openAI', model: 'gpt-4o-mini' }));
    await expectModel('GPT-4o mini', 'gpt-4o-mini');
    expect(screen.queryByText(/not available here/)).toBeNull();
  });
});
