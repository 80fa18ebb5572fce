import { parseAppConfig } from '@meld/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI } from './__fakes__/openai-server.ts';
import type { FakeServer } from './__fakes__/sse-server.ts';
import { completeText, loadProvider } from './load-provider.ts';
import { ProviderError, type ChatProvider } from './types.ts';

let quick: FakeServer;
let slow: FakeServer;

beforeAll(async () => {
  [quick, slow] = await Promise.all([startFakeOpenAI({ tokens: ['One', ' whole', ' answer'] }), startFakeOpenAI({ tokens: ['Too', ' slow', ' to', ' wait', ' for'], intervalMs: 200 })]);
});
afterAll(() => Promise.all([quick?.close(), slow?.close()]));

const endpoints = () =>
  parseAppConfig({
    endpoints: {
      demo: { enabled: true },
      openAI: { apiKey: 'sk-quick', baseURL: `${quick.url}/v1`, models: ['gpt-4o-mini'] },
      anthropic: { apiKey: 'sk-ant', models: ['claude-sonnet-4-5'] },
      custom: [{ name: 'Slowpoke', apiKey: 'slow', baseURL: `${slow.url}/v1`, models: ['llama3'] }],
    },
  }).endpoints;

describe('loading a provider on demand', () => {
  it('builds the adapter of the named endpoint’s kind', async () => {
    expect((await loadProvider(endpoints(), 'openAI')).endpoint).toBe('openAI');
    expect((await loadProvider(endpoints(), 'anthropic')).endpoint).toBe('anthropic');
    expect((await loadProvider(endpoints(), 'Slowpoke')).endpoint).toBe('Slowpoke');
    expect((await loadProvider(endpoints(), 'demo')).endpoint).toBe('demo');
  });

  it('refuses an endpoint that is not configured', async () => {
    await expect(loadProvider(endpoints(), 'google')).rejects.toBeInstanceOf(ProviderError);
  });

  it('collects the whole reply as text', async () => {
    const provider = await loadProvider(endpoints(), 'openAI');
    expect(await completeText(provider, 'gpt-4o-mini', [{ role: 'user', content: 'Hello' }], 5_000)).toBe('One whole answer');
  });

  it('fails a reply the model declined rather than answering with its empty text', async () => {
    const declining: ChatProvider = {
      endpoint: 'test',
      async *stream() {
        yield { type: 'refusal', text: 'I can’t help with that.' };
        yield { type: 'done', finishReason: 'refused', reason: "Anthropic's safety systems stopped the reply (refusal)" };
      },
    };
    await expect(completeText(declining, 'm', [{ role: 'user', content: 'Hello' }], 5_000)).rejects.toMatchObject({ type: 'moderation', message: expect.stringContaining('(refusal)') });
  });

  it('gives up on a reply that takes longer than the time allowed', async () => {
    const provider = await loadProvider(endpoints(), 'Slowpoke');
    const started = Date.now();
    await expect(completeText(provider, 'llama3', [{ role: 'user', content: 'Hello' }], 300)).rejects.toThrow(/did not answer within 0.3 s/);
    expect(Date.now() - started).toBeLessThan(900);
  });
});
