import { endpointsConfigSchema } from '@meld/shared';
import { describe, expect, it } from 'vitest';
import { availableEndpoints, resolveApiKey } from './endpoints.ts';
import { resolveConnection } from './registry.ts';
import { ProviderError } from './types.ts';

const config = endpointsConfigSchema.parse({
  demo: { enabled: true },
  openAI: { apiKey: 'user_provided', models: ['gpt-4o'] },
  azureOpenAI: { apiKey: 'az-literal', endpoint: 'https://meld.openai.azure.com', apiVersion: '2024-10-21', models: ['gpt-4o'] },
  anthropic: { apiKey: '${MELD_TEST_ANTHROPIC_KEY}', models: ['claude-3-7-sonnet'] },
  bedrock: { region: 'eu-north-1', models: ['amazon.nova-pro-v1:0'] },
  custom: [{ name: 'Ollama', apiKey: 'ollama', baseURL: 'http://localhost:11434/v1', models: ['llama3'] }],
});

function thrown(run: () => unknown): ProviderError {
  try {
    run();
  } catch (error) {
    if (error instanceof ProviderError) return error;
    throw error;
  }
  throw new Error('expected a ProviderError');
}

describe('endpoint listing', () => {
  it('lists the configured endpoints with their models, the demo first', () => {
    expect(availableEndpoints(config)).toEqual([
      { name: 'demo', kind: 'demo', models: ['meld-demo'], userProvidesKey: false },
      { name: 'openAI', kind: 'openAI', models: ['gpt-4o'], userProvidesKey: true },
      { name: 'azureOpenAI', kind: 'azureOpenAI', models: ['gpt-4o'], userProvidesKey: false },
      { name: 'anthropic', kind: 'anthropic', models: ['claude-3-7-sonnet'], userProvidesKey: false },
      { name: 'bedrock', kind: 'bedrock', models: ['amazon.nova-pro-v1:0'], userProvidesKey: false },
      { name: 'Ollama', kind: 'custom', models: ['llama3'], userProvidesKey: false },
    ]);
  });

  it('leaves the demo out when it is disabled', () => {
    const names = availableEndpoints({ ...config, demo: { enabled: false } }).map((endpoint) => endpoint.name);
    expect(names).not.toContain('demo');
  });
});

describe('resolveConnection', () => {
  it('connects the demo with its word pace', () => {
    expect(resolveConnection(config, 'demo', { demoWordDelayMs: 0 })).toEqual({ kind: 'demo', endpoint: 'demo', wordDelayMs: 0 });
  });

  it('reads an ${ENV} key reference from the environment', () => {
    process.env.MELD_TEST_ANTHROPIC_KEY = 'sk-ant-env';
    try {
      expect(resolveConnection(config, 'anthropic')).toEqual({ kind: 'anthropic', endpoint: 'anthropic', apiKey: 'sk-ant-env', baseURL: undefined });
    } finally {
      delete process.env.MELD_TEST_ANTHROPIC_KEY;
    }
    expect(thrown(() => resolveConnection(config, 'anthropic')).message).toContain('MELD_TEST_ANTHROPIC_KEY');
  });

  it('connects Azure to its resource and API version, and Bedrock to its region on the server credentials', () => {
    expect(resolveConnection(config, 'azureOpenAI')).toEqual({
      kind: 'azureOpenAI',
      endpoint: 'azureOpenAI',
      apiKey: 'az-literal',
      azureEndpoint: 'https://meld.openai.azure.com',
      apiVersion: '2024-10-21',
    });
    expect(resolveConnection(config, 'bedrock', { userKey: 'ignored' })).toEqual({ kind: 'bedrock', endpoint: 'bedrock', region: 'eu-north-1' });
  });

  it('finds a custom endpoint by its name, with its key and base URL', () => {
    expect(resolveConnection(config, 'custom', { endpointName: 'Ollama' })).toEqual({ kind: 'custom', endpoint: 'Ollama', apiKey: 'ollama', baseURL: 'http://localhost:11434/v1' });
  });

  it('refuses an endpoint that is not configured, naming it', () => {
    const error = thrown(() => resolveConnection(config, 'google'));
    expect(error.type).toBe('invalid_request_error');
    expect(error.message).toContain('"google" is not configured');
    expect(thrown(() => resolveConnection({ ...config, demo: { enabled: false } }, 'demo')).type).toBe('invalid_request_error');
    expect(thrown(() => resolveConnection(config, 'custom', { endpointName: 'Nope' })).message).toContain('"Nope"');
    expect(thrown(() => resolveConnection(config, 'custom')).message).toContain('"custom"');
  });

  it('never takes a built-in endpoint for a custom one of the same name', () => {
    expect(thrown(() => resolveConnection(config, 'custom', { endpointName: 'openAI' })).message).toContain('"openAI" is not configured');
  });

  it('uses the key the user provided for a user_provided endpoint, and asks for one when there is none', () => {
    expect(resolveConnection(config, 'openAI', { userKey: 'sk-user' })).toMatchObject({ kind: 'openAI', apiKey: 'sk-user' });
    expect(thrown(() => resolveConnection(config, 'openAI')).type).toBe('no_user_key');
  });

  it('keeps literal keys and reads ${ENV} references', () => {
    expect(resolveApiKey('${MY_KEY}', { MY_KEY: 'sk-env' })).toBe('sk-env');
    expect(resolveApiKey('sk-literal', {})).toBe('sk-literal');
    expect(thrown(() => resolveApiKey('${MISSING_KEY}', {})).message).toContain('MISSING_KEY');
  });
});
