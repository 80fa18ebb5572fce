import { endpointsConfigSchema } from '@meld/shared';
import { BedrockRuntimeClient, ConverseStreamCommand } from '@aws-sdk/client-bedrock-runtime';
import { mockClient } from 'aws-sdk-client-mock';
import { describe, expect, it } from 'vitest';
import { startFakeAnthropic } from './__fakes__/anthropic-server.ts';
import { chatRequest, collect, textOf } from './__fakes__/collect.ts';
import { startFakeGoogle } from './__fakes__/google-server.ts';
import { startFakeOpenAI } from './__fakes__/openai-server.ts';
import { availableEndpoints, resolveApiKey } from './endpoints.ts';
import { resolveProvider } from './registry.ts';
import { ProviderError } from './types.ts';

const config = endpointsConfigSchema.parse({
  demo: { enabled: true },
  openAI: { apiKey: 'user_provided', models: ['gpt-4o'] },
  anthropic: { apiKey: '${MELD_TEST_ANTHROPIC_KEY}', models: ['claude-3-7-sonnet'] },
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

describe('provider registry', () => {
  it('lists the configured endpoints with their models, the demo first', () => {
    expect(availableEndpoints(config)).toEqual([
      { name: 'demo', kind: 'demo', models: ['meld-demo'], userProvidesKey: false },
      { name: 'openAI', kind: 'openAI', models: ['gpt-4o'], userProvidesKey: true },
      { name: 'anthropic', kind: 'anthropic', models: ['claude-3-7-sonnet'], userProvidesKey: false },
      { name: 'Ollama', kind: 'custom', models: ['llama3'], userProvidesKey: false },
    ]);
  });

  it('leaves the demo out when it is disabled', () => {
    const names = availableEndpoints({ ...config, demo: { enabled: false } }).map((endpoint) => endpoint.name);
    expect(names).not.toContain('demo');
  });

  it('resolves the demo endpoint to the demo provider', () => {
    expect(resolveProvider(config, 'demo').endpoint).toBe('demo');
  });

  it('streams from Anthropic with the key read from the environment', async () => {
    const server = await startFakeAnthropic({ tokens: ['Hi'] });
    process.env.MELD_TEST_ANTHROPIC_KEY = 'sk-ant-env';
    try {
      const chat = resolveProvider({ ...config, anthropic: { apiKey: '${MELD_TEST_ANTHROPIC_KEY}', baseURL: server.url, models: ['claude-3-5-haiku'] } }, 'anthropic');
      expect(textOf((await collect(chat.stream(chatRequest({ model: 'claude-3-5-haiku' })))).events)).toBe('Hi');
      expect(JSON.stringify(server.requests[0]?.headers)).toContain('sk-ant-env');
    } finally {
      delete process.env.MELD_TEST_ANTHROPIC_KEY;
      await server.close();
    }
  });

  it('refuses an endpoint that is not configured, naming it', () => {
    const error = thrown(() => resolveProvider(config, 'google'));
    expect(error.type).toBe('invalid_request_error');
    expect(error.message).toContain('"google" is not configured');
    expect(thrown(() => resolveProvider({ ...config, demo: { enabled: false } }, 'demo')).type).toBe('invalid_request_error');
    expect(thrown(() => resolveProvider(config, 'custom', { endpointName: 'Nope' })).message).toContain('"Nope"');
  });

  it('asks for the user key when the endpoint is user_provided and none is given', () => {
    expect(thrown(() => resolveProvider(config, 'openAI')).type).toBe('no_user_key');
  });

  it('reads ${ENV} key references from the environment and keeps literal keys', () => {
    expect(resolveApiKey('${MY_KEY}', { MY_KEY: 'sk-env' })).toBe('sk-env');
    expect(resolveApiKey('sk-literal', {})).toBe('sk-literal');
    expect(thrown(() => resolveApiKey('${MISSING_KEY}', {})).message).toContain('MISSING_KEY');
  });

  it('streams from a custom endpoint, by its name or as custom with endpointName, using its key and base URL', async () => {
    const server = await startFakeOpenAI({ tokens: ['Hi', ' from', ' Ollama'] });
    try {
      const local = endpointsConfigSchema.parse({ custom: [{ name: 'Ollama', apiKey: '${MELD_TEST_OLLAMA_KEY}', baseURL: `${server.url}/v1`, models: ['llama3'] }] });
      process.env.MELD_TEST_OLLAMA_KEY = 'ollama-secret';
      for (const chat of [resolveProvider(local, 'Ollama'), resolveProvider(local, 'custom', { endpointName: 'Ollama' })]) {
        expect(chat.endpoint).toBe('Ollama');
        expect(textOf((await collect(chat.stream(chatRequest()))).events)).toBe('Hi from Ollama');
      }
      expect(server.requests.map((request) => request.headers.authorization)).toEqual(['Bearer ollama-secret', 'Bearer ollama-secret']);
    } finally {
      delete process.env.MELD_TEST_OLLAMA_KEY;
      await server.close();
    }
  });

  it('streams from Google with its literal key', async () => {
    const server = await startFakeGoogle({ tokens: ['Hallo'] });
    try {
      const chat = resolveProvider({ ...config, google: { apiKey: 'goog-literal', baseURL: server.url, models: ['gemini-2.0-flash'] } }, 'google');
      expect(textOf((await collect(chat.stream(chatRequest({ model: 'gemini-2.0-flash' })))).events)).toBe('Hallo');
      expect(server.requests[0]?.headers['x-goog-api-key']).toBe('goog-literal');
    } finally {
      await server.close();
    }
  });

  it('streams from Bedrock in the configured region on the server credentials', async () => {
    const bedrock = mockClient(BedrockRuntimeClient);
    async function* stream() {
      yield { contentBlockDelta: { contentBlockIndex: 0, delta: { text: 'Hej' } } };
    }
    bedrock.on(ConverseStreamCommand).callsFake(() => ({ stream: stream(), $metadata: {} }));
    try {
      const chat = resolveProvider({ ...config, bedrock: { region: 'eu-north-1', models: ['amazon.nova-pro-v1:0'] } }, 'bedrock', { userKey: 'ignored' });
      expect(textOf((await collect(chat.stream(chatRequest({ model: 'amazon.nova-pro-v1:0' })))).events)).toBe('Hej');
      expect(await bedrock.call(0).thisValue.config.region()).toBe('eu-north-1');
    } finally {
      bedrock.restore();
    }
  });

  it('uses the key the user provided for a user_provided endpoint', async () => {
    const server = await startFakeOpenAI();
    try {
      const chat = resolveProvider({ ...config, openAI: { apiKey: 'user_provided', baseURL: `${server.url}/v1`, models: ['gpt-4o'] } }, 'openAI', { userKey: 'sk-user' });
      await collect(chat.stream(chatRequest()));
      expect(server.requests[0]?.headers.authorization).toBe('Bearer sk-user');
    } finally {
      await server.close();
    }
  });
});
