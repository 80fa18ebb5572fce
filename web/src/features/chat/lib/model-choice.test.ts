import type { ModelSpecs, Preset } from '@meld/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { rememberChoice, startingChoice, unavailableModel } from './model-choice.ts';

const endpoints = {
  demo: { type: 'demo', label: 'Demo', order: 0, userProvide: false, demo: true },
  anthropic: { type: 'anthropic', label: 'Anthropic', order: 1, userProvide: true, demo: false },
};
const models = { demo: ['meld-demo'], anthropic: ['claude-sonnet-4-5', 'claude-3-7-sonnet-latest'] };
const at = '2026-01-01T00:00:00.000Z';
const preset = (overrides: Partial<Preset>): Preset => ({ presetId: 'p1', title: 'Writer', defaultPreset: false, order: 0, user: 'u1', createdAt: at, updatedAt: at, ...overrides });
const specs = (overrides: Partial<ModelSpecs> = {}): ModelSpecs => ({
  list: [{ name: 'careful', label: 'Careful', default: true, preset: { endpoint: 'anthropic', model: 'claude-3-7-sonnet-latest', temperature: 0.2 } }],
  enforce: false,
  prioritize: true,
  ...overrides,
});

afterEach(() => localStorage.clear());

describe('startingChoice', () => {
  it('continues a conversation with its own endpoint, model and settings', () => {
    const choice = startingChoice({ endpoints, models, conversation: { endpoint: 'anthropic', model: 'claude-sonnet-4-5', temperature: 0.3, promptPrefix: 'Be brief' } });
    expect(choice).toEqual({ endpoint: 'anthropic', endpointType: 'anthropic', model: 'claude-sonnet-4-5', settings: { temperature: 0.3, promptPrefix: 'Be brief' }, spec: null });
  });

  it('continues a conversation with an agent with that agent', () => {
    const choice = startingChoice({ endpoints, models, conversation: { endpoint: 'agents', agent_id: 'agent_tutor1234', model: 'gpt-4o-mini' } });
    expect(choice).toMatchObject({ endpoint: 'agents', endpointType: 'agents', agentId: 'agent_tutor1234', model: 'gpt-4o-mini' });
  });

  it('starts a conversation whose endpoint is not on offer with no model, never silently on the first one', () => {
    const imported = { endpoint: 'openAI', model: 'gpt-4o', temperature: 0.5 };
    expect(startingChoice({ endpoints, models, conversation: imported })).toBeNull();
    expect(unavailableModel(endpoints, models, imported)).toEqual({ endpoint: 'openAI', model: 'gpt-4o' });
  });

  it('finds nothing unavailable for an endpoint on offer, an agent, or a conversation that names no endpoint', () => {
    expect(unavailableModel(endpoints, models, { endpoint: 'anthropic', model: 'gone-model' })).toBeNull();
    expect(unavailableModel(endpoints, models, { endpoint: 'agents', agent_id: 'agent_x' })).toBeNull();
    expect(unavailableModel(endpoints, models, {})).toBeNull();
    // No endpoint recorded: the last choice, with the conversation's settings.
    expect(startingChoice({ endpoints, models, conversation: { temperature: 0.5 } })).toMatchObject({ endpoint: 'demo', settings: { temperature: 0.5 } });
  });

  it('starts a new chat from the default preset', () => {
    const presets = [preset({ presetId: 'a' }), preset({ presetId: 'b', defaultPreset: true, endpoint: 'anthropic', model: 'claude-sonnet-4-5', topK: 7 })];
    expect(startingChoice({ endpoints, models, presets })).toMatchObject({ endpoint: 'anthropic', model: 'claude-sonnet-4-5', settings: { topK: 7 } });
  });

  it('prefers the default model spec over the default preset when specs are prioritised, not otherwise', () => {
    const presets = [preset({ defaultPreset: true, endpoint: 'demo', model: 'meld-demo' })];
    expect(startingChoice({ endpoints, models, presets, specs: specs() })).toMatchObject({ model: 'claude-3-7-sonnet-latest', spec: 'careful', settings: { temperature: 0.2 } });
    expect(startingChoice({ endpoints, models, presets, specs: specs({ prioritize: false }) })).toMatchObject({ endpoint: 'demo', spec: null });
  });

  it('starts from the first spec when specs are enforced and none is the default', () => {
    const list = [{ name: 'quick', label: 'Quick', preset: { endpoint: 'anthropic', model: 'claude-sonnet-4-5' } }];
    expect(startingChoice({ endpoints, models, specs: specs({ list, enforce: true }) })).toMatchObject({ spec: 'quick', model: 'claude-sonnet-4-5' });
  });

  it('otherwise starts from the last choice made on this device', () => {
    rememberChoice(endpoints, 'anthropic', 'claude-3-7-sonnet-latest');
    expect(startingChoice({ endpoints, models })).toMatchObject({ endpoint: 'anthropic', model: 'claude-3-7-sonnet-latest' });
  });
});
