import { DEFAULT_USER_SETTINGS, type StartupConfig } from '@meld/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { callsTo, when } from '@/test/mock-api.ts';
import { testConfig } from '@/test/fixtures.ts';
import { resetStreamForTests } from '../../lib/stream-store.ts';
import { bodyOf, testConvo } from '../../test/chat-fixtures.tsx';
import { renderComposer, send, SEP } from './composer-test-kit.tsx';

afterEach(() => {
  resetStreamForTests();
  localStorage.clear();
});

const specs = (enforce = false): NonNullable<StartupConfig['modelSpecs']> => ({
  enforce,
  prioritize: true,
  list: [
    { name: 'quick', label: 'Quick answers', description: 'Short and to the point', preset: { endpoint: 'openAI', model: 'gpt-4o-mini', temperature: 0.3 } },
    { name: 'careful', label: 'Careful writer', default: true, preset: { endpoint: 'anthropic', model: 'claude-3-7-sonnet-latest', promptPrefix: 'Write carefully.' } },
  ],
});
const withConfig = (change: Partial<StartupConfig>) => ({ ...testConfig(), ...change });
const menu = () => screen.getByRole('combobox', { name: 'Model' });

describe('model menu', () => {
  it('lists the model specs first with their descriptions, and starts a new chat from the default spec', async () => {
    const fetchSpy = renderComposer('/c/new', {}, withConfig({ modelSpecs: specs() }));
    await waitFor(() => expect(menu()).toHaveValue(`spec${SEP}careful`));
    const groups = within(menu()).getAllByRole('group');
    expect(groups[0]).toHaveAttribute('label', 'Model specs');
    expect(within(groups[0]!).getByRole('option', { name: 'Quick answers · Short and to the point' })).toBeInTheDocument();

    await send('Draft a letter');
    await waitFor(() => expect(callsTo(fetchSpy, 'askAnthropic')).toHaveLength(1));
    expect(bodyOf(callsTo(fetchSpy, 'askAnthropic')[0])).toMatchObject({ model: 'claude-3-7-sonnet-latest', spec: 'careful', promptPrefix: 'Write carefully.' });
  });

  it('applies a chosen spec’s endpoint, model and parameters', async () => {
    const fetchSpy = renderComposer('/c/new', {}, withConfig({ modelSpecs: specs() }));
    await waitFor(() => expect(menu()).toBeEnabled());
    await userEvent.selectOptions(menu(), `spec${SEP}quick`);
    await send('Hi');
    await waitFor(() => expect(callsTo(fetchSpy, 'askOpenAI')).toHaveLength(1));
    expect(bodyOf(callsTo(fetchSpy, 'askOpenAI')[0])).toMatchObject({ model: 'gpt-4o-mini', spec: 'quick', temperature: 0.3 });
  });

  it('shows the spec a conversation was started from', async () => {
    renderComposer('/c/c1', { getConvo: when({ conversationId: 'c1' }, testConvo('c1', { endpoint: 'openAI', model: 'gpt-4o-mini', spec: 'quick' })), getMessages: when({ conversationId: 'c1' }, []) }, withConfig({ modelSpecs: specs() }));
    await waitFor(() => expect(menu()).toHaveValue(`spec${SEP}quick`));
  });

  it('offers only the specs when they are enforced', async () => {
    renderComposer('/c/new', {}, withConfig({ modelSpecs: specs(true) }));
    await waitFor(() => expect(menu()).toBeEnabled());
    expect(within(menu()).getAllByRole('option').map((option) => option.textContent)).toEqual(['Quick answers · Short and to the point', 'Careful writer']);
  });

  it('shows only the current endpoint’s models when the endpoints menu is hidden', async () => {
    const config = testConfig();
    renderComposer('/c/new', {}, { ...config, interface: { ...config.interface, endpointsMenu: false } });
    await waitFor(() => expect(menu()).toBeEnabled());
    expect(within(menu()).getAllByRole('option').map((option) => option.textContent)).toEqual(['meld-demo · Offline demo']);
  });

  it('shows one entry per endpoint when the model select is hidden', async () => {
    const config = testConfig();
    renderComposer('/c/new', {}, { ...config, interface: { ...config.interface, modelSelect: false } });
    await waitFor(() => expect(menu()).toBeEnabled());
    expect(within(menu()).getAllByRole('option').map((option) => option.textContent)).toEqual(['Offline demo', 'Anthropic', 'OpenAI', 'AWS Bedrock']);
  });

  it('hides the menu when both the endpoints menu and the model select are hidden', async () => {
    const config = testConfig();
    renderComposer('/c/new', {}, { ...config, interface: { ...config.interface, modelSelect: false, endpointsMenu: false } });
    await screen.findByRole('button', { name: 'Parameters' });
    expect(screen.queryByRole('combobox', { name: 'Model' })).toBeNull();
  });

  it("offers only the conversation's own endpoint when switching models mid-conversation is off", async () => {
    const routes = { getConvo: when({ conversationId: 'c1' }, testConvo('c1', { endpoint: 'openAI', model: 'gpt-4o-mini' })), getMessages: when({ conversationId: 'c1' }, []) };
    renderComposer('/c/c1', { ...routes, getUserSettings: { ...DEFAULT_USER_SETTINGS, modularChat: false } });
    await waitFor(() => expect(menu()).toHaveValue(`openAI${SEP}gpt-4o-mini`));
    await waitFor(() => expect(within(menu()).getAllByRole('group').map((group) => group.getAttribute('label'))).toEqual(['OpenAI']));
  });

  it('offers every endpoint in a conversation by default', async () => {
    renderComposer('/c/c1', { getConvo: when({ conversationId: 'c1' }, testConvo('c1', { endpoint: 'openAI', model: 'gpt-4o-mini' })), getMessages: when({ conversationId: 'c1' }, []) });
    await waitFor(() => expect(menu()).toHaveValue(`openAI${SEP}gpt-4o-mini`));
    expect(within(menu()).getAllByRole('group').length).toBeGreaterThan(1);
  });
});
