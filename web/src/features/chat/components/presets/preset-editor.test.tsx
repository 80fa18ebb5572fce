import type { Preset } from '@meld/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { captureDownloads } from '@/test/capture-downloads.ts';
import { callsTo, fail } from '@/test/mock-api.ts';
import { resetStreamForTests } from '../../lib/stream-store.ts';
import { bodyOf } from '../../test/chat-fixtures.tsx';
import { chooseModel, renderComposer } from '../composer/composer-test-kit.tsx';
import { parsePresetFile, presetFileName } from './preset-file.ts';

afterEach(() => {
  resetStreamForTests();
  localStorage.clear();
});

const at = '2026-01-01T00:00:00.000Z';
const brief: Preset = { presetId: 'brief', title: 'Brief', defaultPreset: true, order: 2, user: 'u1', createdAt: at, updatedAt: at, endpoint: 'openAI', model: 'gpt-4o-mini', temperature: 0.2, promptPrefix: 'Be brief.' };

async function openPresets() {
  await userEvent.click(await screen.findByRole('button', { name: 'Presets' }));
  return screen.findByRole('dialog', { name: 'Presets' });
}

async function openEditor() {
  const menu = await openPresets();
  await userEvent.click(await within(menu).findByRole('button', { name: 'Edit preset Brief' }));
  return screen.findByRole('dialog', { name: 'Edit preset' });
}

/** Chooses a file in the menu's hidden import input, as the file picker would. */
async function importFile(menu: HTMLElement, contents: string, name = 'preset.json') {
  await userEvent.upload(within(menu).getByLabelText('Import a preset from a JSON file'), new File([contents], name, { type: 'application/json' }));
}

describe('editing a preset', () => {
  it('renames it, keeping its settings and flags', async () => {
    const fetchSpy = renderComposer('/c/new', { listPresets: [brief], savePreset: { ...brief, title: 'Short and sweet' } });
    const editor = await openEditor();
    expect(within(editor).getByText('openAI · gpt-4o-mini')).toBeInTheDocument();
    expect(within(editor).getByText('Be brief.')).toBeInTheDocument();
    const title = within(editor).getByRole('textbox', { name: 'Preset name' });
    await userEvent.clear(title);
    await userEvent.click(within(editor).getByRole('button', { name: 'Save changes' }));
    expect(within(editor).getByRole('alert')).toHaveTextContent('Enter a name for the preset');
    await userEvent.type(title, 'Short and sweet');
    await userEvent.click(within(editor).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(callsTo(fetchSpy, 'savePreset')).toHaveLength(1));
    expect(bodyOf(callsTo(fetchSpy, 'savePreset')[0])).toEqual({ presetId: 'brief', title: 'Short and sweet', endpoint: 'openAI', model: 'gpt-4o-mini', temperature: 0.2, promptPrefix: 'Be brief.' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit preset' })).toBeNull());
    expect(await screen.findByText('Preset “Short and sweet” saved')).toBeInTheDocument();
  });

  it('replaces its model and parameters with the composer’s current ones', async () => {
    // Not the default, so the composer does not start from it.
    const fetchSpy = renderComposer('/c/new', { listPresets: [{ ...brief, defaultPreset: false }], savePreset: brief });
    await chooseModel('anthropic', 'claude-3-5-haiku-latest');
    const editor = await openEditor();
    await userEvent.click(within(editor).getByRole('checkbox', { name: /Use the current model and parameters \(claude-3-5-haiku-latest\)/ }));
    expect(within(editor).getByText('anthropic · claude-3-5-haiku-latest')).toBeInTheDocument();
    await userEvent.click(within(editor).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(callsTo(fetchSpy, 'savePreset')).toHaveLength(1));
    const body = bodyOf(callsTo(fetchSpy, 'savePreset')[0]) as Record<string, unknown>;
    expect(body).toMatchObject({ presetId: 'brief', title: 'Brief', endpoint: 'anthropic', model: 'claude-3-5-haiku-latest', promptPrefix: null });
  });

  it('exports it as LibreChat-shaped JSON, without its owner, flags or dates', async () => {
    const downloads = captureDownloads();
    renderComposer('/c/new', { listPresets: [{ ...brief, title: 'Brief: v2/final' }] });
    const menu = await openPresets();
    await userEvent.click(await within(menu).findByRole('button', { name: 'Edit preset Brief: v2/final' }));
    const editor = await screen.findByRole('dialog', { name: 'Edit preset' });
    await userEvent.click(within(editor).getByRole('button', { name: 'Export JSON' }));
    expect(JSON.parse(await downloads.text())).toEqual({ presetId: 'brief', title: 'Brief: v2/final', endpoint: 'openAI', model: 'gpt-4o-mini', temperature: 0.2, promptPrefix: 'Be brief.' });
    expect(downloads.names).toEqual(['Brief- v2-final.json']);
  });
});

describe('importing a preset', () => {
  it('saves a LibreChat export as a new preset, dropping its id and the settings this app does not know', async () => {
    const fetchSpy = renderComposer('/c/new', { listPresets: [], savePreset: { ...brief, presetId: 'new' } });
    const menu = await openPresets();
    const file = { presetId: 'from-elsewhere', title: 'Brief', endpoint: 'openAI', model: 'gpt-4o-mini', temperature: 0.2, chatGptLabel: null, defaultPreset: true, order: 4, user: 'someone' };
    await importFile(menu, JSON.stringify(file));
    await waitFor(() => expect(callsTo(fetchSpy, 'savePreset')).toHaveLength(1));
    expect(bodyOf(callsTo(fetchSpy, 'savePreset')[0])).toEqual({ title: 'Brief', endpoint: 'openAI', model: 'gpt-4o-mini', temperature: 0.2 });
    expect(await screen.findByText('Preset “Brief” imported')).toBeInTheDocument();
  });

  it.each([
    ['not JSON', 'title: Brief', 'That file is not JSON. Choose a preset exported as JSON.'],
    ['a list', '[{"title":"Brief"}]', 'That file is not a preset: it needs a title and the preset’s settings.'],
    ['out of range', '{"title":"Hot","temperature":9}', 'That preset cannot be imported. temperature: Too big: expected number to be <=2'],
  ])('explains why a file that is %s is refused, and saves nothing', async (_case, contents, message) => {
    const fetchSpy = renderComposer('/c/new', { listPresets: [] });
    const menu = await openPresets();
    await importFile(menu, contents);
    expect(await within(menu).findByRole('alert')).toHaveTextContent(message);
    expect(callsTo(fetchSpy, 'savePreset')).toHaveLength(0);
  });

  it('shows the server’s refusal', async () => {
    renderComposer('/c/new', { listPresets: [], savePreset: fail(400, { code: 'VALIDATION_ERROR', message: 'This preset is too large. Shorten its instructions, system prompt or greeting.' }) });
    const menu = await openPresets();
    await importFile(menu, '{"title":"Huge"}');
    expect(await within(menu).findByRole('alert')).toHaveTextContent('This preset is too large.');
  });
});

describe('preset files', () => {
  it('reads back what was exported', async () => {
    const parsed = await parsePresetFile(JSON.stringify({ presetId: 'x', title: 'Round trip', model: 'gpt-4o', stop: ['###'] }));
    expect(parsed).toEqual({ ok: true, preset: { title: 'Round trip', model: 'gpt-4o', stop: ['###'] } });
    expect(presetFileName('   ')).toBe('preset.json');
  });
});
