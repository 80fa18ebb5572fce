import { askBody, parseAppConfig } from '@meld/shared';
import { describe, expect, it } from 'vitest';
import { illegalModelRequest } from './model-policy.ts';

const endpoints = { demo: { enabled: true }, openAI: { apiKey: 'sk', models: ['gpt-4o', 'gpt-4o-mini'] } };
const body = (json: object) => askBody.parse({ text: 'hi', model: 'gpt-4o', ...json });

describe('illegalModelRequest', () => {
  it('allows a model the endpoint lists and refuses one it does not, naming the model', () => {
    const config = parseAppConfig({ endpoints });
    expect(illegalModelRequest(config, 'openAI', body({}))).toBeNull();
    expect(illegalModelRequest(config, 'openAI', body({ model: 'gpt-5-pro' }))).toMatchObject({ code: 'illegal_model_request', field: 'model' });
    expect(illegalModelRequest(config, 'openAI', body({ model: 'meld-demo' }))?.field).toBe('model');
  });

  it('when specs are enforced, takes only a named spec with its own endpoint and model', () => {
    const spec = { name: 'coach', label: 'Coach', preset: { endpoint: 'openAI', model: 'gpt-4o-mini' } };
    const config = parseAppConfig({ endpoints, modelSpecs: { list: [spec], enforce: true } });
    expect(illegalModelRequest(config, 'openAI', body({ model: 'gpt-4o-mini', spec: 'coach' }))).toBeNull();
    expect(illegalModelRequest(config, 'openAI', body({ model: 'gpt-4o-mini' }))?.field).toBe('spec');
    expect(illegalModelRequest(config, 'openAI', body({ model: 'gpt-4o', spec: 'coach' }))?.field).toBe('model');
    expect(illegalModelRequest(parseAppConfig({ endpoints, modelSpecs: { list: [spec] } }), 'openAI', body({ model: 'gpt-4o' }))).toBeNull();
  });
});
