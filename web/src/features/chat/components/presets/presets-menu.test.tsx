import type { Preset } from '@meld/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { callsTo } from '@/test/mock-api.ts';
import { testConfig } from '@/test/fixtures.ts';
import { resetStreamForTests } from '../../lib/stream-store.ts';
import { bodyOf } from '../../test/chat-fixtures.tsx';
import { chooseModel, expectModel, modelPicker, openParameters, renderComposer, send } from '../composer/composer-test-kit.tsx';

afterEach(() => {
  resetStreamForTests();
  localStorage.clear();
});

const at = '2026-01-01T00:00:00.000Z';
const preset = (overrides: Partial<Preset>): Preset => ({ presetId: 'p', title: 'Preset', defaultPreset: false, order: 0, user: 'u1', createdAt: at, updatedAt: at, ...overrides });
const brief = preset({ presetId: 'brief', title: 'Brief', endpoint: 'openAI', model: 'gpt-4o-mini', temperature: 0.2, promptPrefix: 'Be brief.' });
const careful = preset({ presetId: 'careful', title: 'Careful', defaultPreset: true, endpoint: 'anthropic', model: 'claude-3-5-haiku-latest', maxOutputTokens: 2000 });

async function openPresets() {
  await userEvent.click(await screen.findByRole('button', { name: 'Presets' }));
  return screen.findByRole('dialog', { name: 'Presets' });
}

describe('presets on a new chat', () => {
  it('starts /c/new from the default preset', async () => {
    const fetchSpy = renderComposer('/c/new', { listPresets: [brief, careful] });
    await expectModel('Claude 3.5 Haiku', 'claude-3-5-haiku-latest');
    await send('Hello');
    await waitFor(() => expect(callsTo(fetchSpy, 'askAnthropic')).toHaveLength(1));
    expect(bodyOf(callsTo(fetchSpy, 'askAnthropic')[0])).toMatchObject({ model: 'claude-3-5-haiku-latest', maxOutputTokens: 2000 });
  });

  it('lists the default first and applies a chosen preset’s endpoint, model and parameters', async () => {
    renderComposer('/c/new', { listPresets: [brief, careful] });
    const menu = await openPresets();
    const names = within(menu).getAllByRole('button', { name: /^Use preset/ }).map((button) => button.textContent);
    expect(names[0]).toMatch(/^Careful/);
    await userEvent.click(within(menu).getByRole('button', { name: 'Use preset Brief' }));
    await expectModel('GPT-4o mini', 'gpt-4o-mini');
    const panel = await openParameters();
    expect(within(panel).getByRole('spinbutton', { name: 'Temperature' })).toHaveValue(0.2);
    expect(within(panel).getByRole('textbox', { name: 'Custom instructions' })).toHaveValue('Be brief.');
  });

  it('says so when a preset’s endpoint is not available, and keeps the current choice', async () => {
    const gone = preset({ presetId: 'gone', title: 'Gemini', endpoint: 'google', model: 'gemini-2.0-flash' });
    renderComposer('/c/new', { listPresets: [gone] });
    const menu = await openPresets();
    await userEvent.click(await within(menu).findByRole('button', { name: 'Use preset Gemini' }));
    expect(await screen.findByText('“Gemini” uses an endpoint that is not available here.')).toBeInTheDocument();
    await expectModel('Offline demo', 'meld-demo');
  });

  it('saves the current settings under a name', async () => {
    const fetchSpy = renderComposer('/c/new', { savePreset: brief });
    await chooseModel('openAI', 'gpt-4o-mini');
    const menu = await openPresets();
    expect(within(menu).getByText(/No presets yet/)).toBeInTheDocument();
    await userEvent.type(within(menu).getByRole('textbox', { name: 'Save current settings as a preset' }), 'Brief');
    await userEvent.click(within(menu).getByRole('button', { name: 'Save preset' }));
    await waitFor(() => expect(callsTo(fetchSpy, 'savePreset')).toHaveLength(1));
    expect(bodyOf(callsTo(fetchSpy, 'savePreset')[0])).toMatchObject({ title: 'Brief', endpoint: 'openAI', endpointType: 'openAI', model: 'gpt-4o-mini', temperature: null });
    expect(await screen.findByText('Preset “Brief” saved')).toBeInTheDocument();
  });

  it('makes a preset the default with its own settings, and deletes one', async () => {
    const fetchSpy = renderComposer('/c/new', {
      listPresets: [brief, careful],
      savePreset: { ...brief, defaultPreset: true },
      deletePreset: { deletedCount: 1 },
    });
    const menu = await openPresets();
    await userEvent.click(within(menu).getByRole('button', { name: 'Make Brief the default for new chats' }));
    await waitFor(() => expect(callsTo(fetchSpy, 'savePreset')).toHaveLength(1));
    expect(bodyOf(callsTo(fetchSpy, 'savePreset')[0])).toEqual({ presetId: 'brief', title: 'Brief', defaultPreset: true, endpoint: 'openAI', model: 'gpt-4o-mini', temperature: 0.2, promptPrefix: 'Be brief.' });

    await userEvent.click(within(menu).getByRole('button', { name: 'Delete preset Careful' }));
    await waitFor(() => expect(within(menu).queryByRole('button', { name: 'Use preset Careful' })).toBeNull());
    expect(bodyOf(callsTo(fetchSpy, 'deletePreset')[0])).toEqual({ presetId: 'careful' });
  });

  it('hides presets and parameters when the interface toggles say so, and starts from no preset', async () => {
    const config = testConfig();
    const fetchSpy = renderComposer('/c/new', { listPresets: [careful] }, { ...config, interface: { ...config.interface, presets: false, parameters: false } });
    // The menu is enabled once the startup config has been read.
    await waitFor(() => expect(modelPicker()).toBeEnabled());
    expect(screen.queryByRole('button', { name: 'Presets' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Parameters' })).toBeNull();
    await expectModel('Offline demo', 'meld-demo');
    expect(callsTo(fetchSpy, 'listPresets')).toHaveLength(0);
  });
});
