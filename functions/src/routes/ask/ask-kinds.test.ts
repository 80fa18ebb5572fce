import { BedrockRuntimeClient, ConverseStreamCommand } from '@aws-sdk/client-bedrock-runtime';
import { STREAM_ERROR_LOG, type AskEvent, type Message } from '@meld/shared';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startFakeAnthropic } from '../../providers/llm/__fakes__/anthropic-server.ts';
import { startFakeGoogle } from '../../providers/llm/__fakes__/google-server.ts';
import { startFakeOpenAI } from '../../providers/llm/__fakes__/openai-server.ts';
import type { FakeServer } from '../../providers/llm/__fakes__/sse-server.ts';
import { registerMember, startApi, type Api } from '../api-test-kit.ts';
import { askStream, type AskStream } from './ask-stream-client.ts';

/** Each endpoint kind's route, pointed through the app config at a local fake of its provider. */
let api: Api;
let openAI: FakeServer;
let azure: FakeServer;
let custom: FakeServer;
let anthropic: FakeServer;
let google: FakeServer;
const bedrock = mockClient(BedrockRuntimeClient);

beforeAll(async () => {
  [openAI, azure, custom, anthropic, google] = await Promise.all([
    startFakeOpenAI({ tokens: ['Hi', ' from', ' OpenAI'] }),
    startFakeOpenAI({ tokens: ['Hi', ' from', ' Azure'] }),
    startFakeOpenAI({ tokens: ['Hi', ' from', ' Ollama'] }),
    startFakeAnthropic({ tokens: ['Hi', ' from', ' Claude'] }),
    startFakeGoogle({ tokens: ['Hi', ' from', ' Gemini'] }),
  ]);
  api = await startApi({
    env: { MELD_DEMO_WORD_DELAY_MS: '0' },
    config: {
      endpoints: {
        demo: { enabled: true },
        openAI: { apiKey: 'sk-openai', baseURL: `${openAI.url}/v1`, models: ['gpt-4o'] },
        azureOpenAI: { apiKey: 'az-key', endpoint: azure.url, apiVersion: '2024-10-21', models: ['gpt-4o'] },
        anthropic: { apiKey: 'sk-ant', baseURL: anthropic.url, models: ['claude-sonnet-4-5'] },
        google: { apiKey: 'goog-key', baseURL: google.url, models: ['gemini-2.5-flash'] },
        bedrock: { region: 'eu-north-1', models: ['amazon.nova-pro-v1:0'] },
        custom: [{ name: 'Ollama', apiKey: 'ollama-key', baseURL: `${custom.url}/v1`, models: ['llama3'] }],
      },
    },
  });
}, 30_000);

afterAll(async () => {
  bedrock.restore();
  await api?.stop();
  await Promise.all([openAI, azure, custom, anthropic, google].map((server) => server?.close()));
});

async function ask(path: string, json: object): Promise<AskStream & { token: string }> {
  const { token } = await registerMember(api.client());
  return { ...(await askStream(api.baseUrl, path, token, { text: 'Say hello', conversationId: null, ...json })), token };
}

type Final = Extract<AskEvent, { type: 'final' }>;
const finalOf = (response: AskStream) => response.events.map(({ event }) => event).find((event): event is Final => event.type === 'final');
const streamedText = (response: AskStream) => response.events.map(({ event }) => (event.type === 'delta' ? event.text : '')).join('');

describe('chat routes per endpoint kind', () => {
  it.each([
    ['/api/ask/openAI', { model: 'gpt-4o' }, () => openAI, 'Hi from OpenAI', 'openAI'],
    ['/api/ask/azureOpenAI', { model: 'gpt-4o' }, () => azure, 'Hi from Azure', 'azureOpenAI'],
    ['/api/ask/custom', { model: 'llama3', endpointName: 'Ollama' }, () => custom, 'Hi from Ollama', 'Ollama'],
    ['/api/ask/anthropic', { model: 'claude-sonnet-4-5' }, () => anthropic, 'Hi from Claude', 'anthropic'],
    ['/api/ask/google', { model: 'gemini-2.5-flash' }, () => google, 'Hi from Gemini', 'google'],
  ] as const)('%s streams the reply from its provider, saves it under the endpoint, and has the model title it', async (path, body, server, text, endpoint) => {
    const before = server().requests.length;
    const response = await ask(path, body);
    expect(response.status).toBe(200);
    expect(streamedText(response)).toBe(text);
    const final = finalOf(response)!;
    expect(final.responseMessage).toMatchObject({ text, endpoint, model: body.model, finish_reason: 'stop' });
    expect(final.conversation).toMatchObject({ endpoint, endpointType: endpoint === 'Ollama' ? 'custom' : null });
    // The reply, then the title: the fake answers the title prompt with the same words.
    expect(server().requests.length).toBe(before + 2);
    expect(response.events.at(-1)?.event).toEqual({ type: 'title', conversationId: final.conversation.conversationId, title: text });
  });

  it('sends each provider its own key the way it expects it', () => {
    expect(openAI.requests[0]?.headers.authorization).toBe('Bearer sk-openai');
    expect(azure.requests[0]?.headers['api-key']).toBe('az-key');
    expect(azure.requests[0]?.path).toContain('/openai/deployments/gpt-4o/chat/completions?api-version=2024-10-21');
    expect(custom.requests[0]?.headers.authorization).toBe('Bearer ollama-key');
    expect(JSON.stringify(anthropic.requests[0]?.headers)).toContain('sk-ant');
    expect(google.requests[0]?.headers['x-goog-api-key']).toBe('goog-key');
  });

  it('/api/bedrock/chat streams through Bedrock ConverseStream in the configured region', async () => {
    async function* stream() {
      for (const text of ['Hi', ' from', ' Nova']) yield { contentBlockDelta: { contentBlockIndex: 0, delta: { text } } };
      yield { messageStop: { stopReason: 'end_turn' as const } };
    }
    bedrock.on(ConverseStreamCommand).callsFake(() => ({ stream: stream(), $metadata: {} }));
    const response = await ask('/api/bedrock/chat', { model: 'amazon.nova-pro-v1:0' });
    expect(streamedText(response)).toBe('Hi from Nova');
    expect(finalOf(response)!.responseMessage).toMatchObject({ endpoint: 'bedrock', finish_reason: 'stop' });
    expect(bedrock.commandCalls(ConverseStreamCommand)[0]!.args[0].input.modelId).toBe('amazon.nova-pro-v1:0');
    expect(await bedrock.call(0).thisValue.config.region()).toBe('eu-north-1');

    const stop = await api.client().request('POST', '/api/ask/bedrock/abort', {
      headers: { authorization: `Bearer ${response.token}` },
      json: { conversationId: finalOf(response)!.conversation.conversationId },
    });
    expect(stop.json).toEqual({ aborted: false });
  });

  it('logs a provider that fails mid-stream as a server-side stream error, the line the stack counts for its alarm', async () => {
    async function* failing() {
      yield { contentBlockDelta: { contentBlockIndex: 0, delta: { text: 'Half an' } } };
      throw new Error('The connection to the model was reset');
    }
    bedrock.on(ConverseStreamCommand).callsFake(() => ({ stream: failing(), $metadata: {} }));
    const written: string[] = [];
    const capture = (chunk: unknown) => {
      written.push(String(chunk));
      return true;
    };
    const out = vi.spyOn(process.stdout, 'write').mockImplementation(capture);
    const err = vi.spyOn(process.stderr, 'write').mockImplementation(capture);
    let response: AskStream;
    try {
      response = await ask('/api/bedrock/chat', { model: 'amazon.nova-pro-v1:0' });
    } finally {
      out.mockRestore();
      err.mockRestore();
    }
    const error = response.events.map(({ event }) => event).find((event) => event.type === 'error');
    expect(error).toMatchObject({ code: 'provider_error' });
    const logged = written.flatMap((text) => text.split('\n')).filter((line) => line.includes(STREAM_ERROR_LOG.message)).map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(logged).toEqual([expect.objectContaining({ level: 'WARN', message: STREAM_ERROR_LOG.message, [STREAM_ERROR_LOG.codeField]: 'provider_error', endpoint: 'bedrock' })]);
  });

  it('refuses a custom request that names no configured custom endpoint, before streaming', async () => {
    for (const endpointName of [undefined, 'Missing']) {
      const response = await ask('/api/ask/custom', { model: 'llama3', ...(endpointName ? { endpointName } : {}) });
      expect(response.status).toBe(400);
      expect(JSON.parse(response.text)).toMatchObject({ field: 'endpoint', message: expect.stringContaining(endpointName ?? 'custom') });
    }
  });

  it('keeps a message over 300 KB (which the store puts in the files bucket) whole', async () => {
    const text = 'é'.repeat(190_000);
    const response = await ask('/api/ask/demo', { model: 'meld-demo', text });
    const final = finalOf(response)!;
    expect(final.requestMessage.text).toBe(text);
    // Read on its own: with the reply, the conversation is more than one page (decision 0037).
    const stored = await api.client().request<Message>('GET', `/api/messages/${final.conversation.conversationId}/${final.requestMessage.messageId}`, { headers: { authorization: `Bearer ${response.token}` } });
    expect(stored.json.text).toBe(text);
  });
});
