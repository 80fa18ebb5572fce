import { DEFAULT_USER_SETTINGS, type StartupConfig } from '@meld/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { callsTo, when } from '@/test/mock-api.ts';
import { testConfig } from '@/test/fixtures.ts';
import { resetStreamForTests } from '../../lib/stream-store.ts';
import { bodyOf, testConvo } from '../../test/chat-fixtures.tsx';
import { expectModel, modelPicker, openModelPicker, renderComposer, send } from './composer-test-kit.tsx';

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
const search = () => screen.getByRole('combobox', { name: 'Search models' });
const groupNames = () => within(screen.getByRole('listbox', { name: 'Model' })).getAllByRole('group').map((group) => document.getElementById(group.getAttribute('aria-labelledby') ?? '')?.textContent);
const rowLabels = () => screen.getAllByRole('option').map((option) => option.querySelector('span > span')!.textContent);

describe('model picker', () => {
  it('lists the model specs first with their descriptions, and starts a new chat from the default spec', async () => {
    const fetchSpy = renderComposer('/c/new', {}, withConfig({ modelSpecs: specs() }));
    await expectModel('Careful writer');
    await openModelPicker();
    expect(groupNames()[0]).toBe('Model specs');
    const quick = screen.getByRole('option', { name: /Quick answers/ });
    expect(quick).toHaveTextContent('Short and to the point');
    await userEvent.keyboard('{Escape}');

    await send('Draft a letter');
    await waitFor(() => expect(callsTo(fetchSpy, 'askAnthropic')).toHaveLength(1));
    expect(bodyOf(callsTo(fetchSpy, 'askAnthropic')[0])).toMatchObject({ model: 'claude-3-7-sonnet-latest', spec: 'careful', promptPrefix: 'Write carefully.' });
  });

  it('applies a chosen spec’s endpoint, model and parameters', async () => {
    const fetchSpy = renderComposer('/c/new', {}, withConfig({ modelSpecs: specs() }));
    await openModelPicker();
    await userEvent.click(screen.getByRole('option', { name: /Quick answers/ }));
    await expectModel('Quick answers');
    await send('Hi');
    await waitFor(() => expect(callsTo(fetchSpy, 'askOpenAI')).toHaveLength(1));
    expect(bodyOf(callsTo(fetchSpy, 'askOpenAI')[0])).toMatchObject({ model: 'gpt-4o-mini', spec: 'quick', temperature: 0.3 });
  });

  it('shows the spec a conversation was started from', async () => {
    renderComposer('/c/c1', { getConvo: when({ conversationId: 'c1' }, testConvo('c1', { endpoint: 'openAI', model: 'gpt-4o-mini', spec: 'quick' })), getMessages: when({ conversationId: 'c1' }, []) }, withConfig({ modelSpecs: specs() }));
    await expectModel('Quick answers');
  });

  it('offers only the specs when they are enforced', async () => {
    renderComposer('/c/new', {}, withConfig({ modelSpecs: specs(true) }));
    await openModelPicker();
    expect(rowLabels()).toEqual(['Quick answers', 'Careful writer']);
  });

  it('shows only the current endpoint’s models when the endpoints menu is hidden', async () => {
    const config = testConfig();
    renderComposer('/c/new', {}, { ...config, interface: { ...config.interface, endpointsMenu: false } });
    await openModelPicker();
    expect(rowLabels()).toEqual(['Offline demo']);
  });

  it('shows one entry per endpoint when the model select is hidden', async () => {
    const config = testConfig();
    renderComposer('/c/new', {}, { ...config, interface: { ...config.interface, modelSelect: false } });
    await openModelPicker();
    expect(rowLabels()).toEqual(['Offline demo', 'Anthropic', 'OpenAI', 'AWS Bedrock']);
  });

  it('hides the picker when both the endpoints menu and the model select are hidden', async () => {
    const config = testConfig();
    renderComposer('/c/new', {}, { ...config, interface: { ...config.interface, modelSelect: false, endpointsMenu: false } });
    await screen.findByRole('button', { name: 'Parameters' });
    expect(screen.queryByRole('button', { name: /^Model:/ })).toBeNull();
  });

  it("offers only the conversation's own endpoint when switching models mid-conversation is off", async () => {
    const routes = { getConvo: when({ conversationId: 'c1' }, testConvo('c1', { endpoint: 'openAI', model: 'gpt-4o-mini' })), getMessages: when({ conversationId: 'c1' }, []) };
    renderComposer('/c/c1', { ...routes, getUserSettings: { ...DEFAULT_USER_SETTINGS, modularChat: false } });
    await expectModel('GPT-4o mini', 'gpt-4o-mini');
    await waitFor(async () => {
      await openModelPicker();
      expect(groupNames()).toEqual(['OpenAI']);
    });
  });

  it('groups every endpoint’s models under the provider’s name, by friendly label with the id beside it', async () => {
    renderComposer('/c/c1', { getConvo: when({ conversationId: 'c1' }, testConvo('c1', { endpoint: 'openAI', model: 'gpt-4o-mini' })), getMessages: when({ conversationId: 'c1' }, []) });
    await expectModel('GPT-4o mini', 'gpt-4o-mini');
    await openModelPicker();
    expect(groupNames()).toEqual(['Offline demo', 'Anthropic', 'OpenAI', 'AWS Bedrock']);
    const haiku = screen.getByRole('option', { name: /Claude 3.5 Haiku/ });
    expect(haiku).toHaveTextContent('claude-3-5-haiku-latest');
    // The model in use is marked and highlighted when the list opens.
    const current = screen.getByRole('option', { name: /GPT-4o mini/ });
    expect(current).toHaveTextContent('(in use)');
    expect(search()).toHaveAttribute('aria-activedescendant', current.id);
  });

  it('filters by label, id and provider as the member types, and picks with the arrows and Enter', async () => {
    const fetchSpy = renderComposer('/c/new');
    await openModelPicker();
    expect(search()).toHaveFocus();
    await userEvent.keyboard('haiku');
    expect(rowLabels()).toEqual(['Claude 3.5 Haiku']);
    await userEvent.clear(search());
    await userEvent.keyboard('anthropic');
    expect(rowLabels()).toEqual(['Claude 3.7 Sonnet', 'Claude 3.5 Haiku', 'Claude 3.7 Sonnet']);
    await userEvent.clear(search());
    await userEvent.keyboard('4o-mini');
    expect(rowLabels()).toEqual(['GPT-4o mini']);
    await userEvent.clear(search());
    await userEvent.keyboard('nothing like it');
    expect(screen.queryAllByRole('option')).toEqual([]);
    expect(screen.getByText('No model matches “nothing like it”.')).toBeVisible();

    await userEvent.clear(search());
    await userEvent.keyboard('claude');
    // Down from the first row, then Enter: the second Claude.
    await userEvent.keyboard('{ArrowDown}');
    expect(search()).toHaveAttribute('aria-activedescendant', screen.getAllByRole('option')[1]!.id);
    expect(screen.getAllByRole('option')[1]).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{Enter}');
    expect(screen.queryByRole('listbox')).toBeNull();
    await expectModel('Claude 3.5 Haiku', 'claude-3-5-haiku-latest');
    expect(modelPicker()).toHaveFocus();

    await send('Hi');
    await waitFor(() => expect(callsTo(fetchSpy, 'askAnthropic')).toHaveLength(1));
    expect(bodyOf(callsTo(fetchSpy, 'askAnthropic')[0])).toMatchObject({ model: 'claude-3-5-haiku-latest' });
  });

  it('closes with Escape without changing the model', async () => {
    renderComposer('/c/new');
    await expectModel('Offline demo', 'meld-demo');
    await openModelPicker();
    await userEvent.keyboard('{ArrowDown}{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    await expectModel('Offline demo', 'meld-demo');
  });
});
