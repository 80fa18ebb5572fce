import { AGENT_LIMITS } from '@meld/shared';
import { describe, expect, it } from 'vitest';
import { registerMember, useApi } from '../routes/api-test-kit.ts';
import { askStream } from '../routes/ask/ask-stream-client.ts';

/**
 * What a member may send within the schemas' bounds but DynamoDB could not store in one 400 KB
 * item: refused with a 413 that names the limit, never a 500, and nothing half-saved.
 */
const api = useApi({ config: { endpoints: { demo: { enabled: true }, openAI: { apiKey: 'sk-agents', models: ['gpt-4o-mini'] } } } });

async function member() {
  const { token } = await registerMember(api().client());
  const headers = { authorization: `Bearer ${token}` };
  return { token, call: <T>(method: string, path: string, json?: unknown) => api().client().request<T>(method, path, { headers, ...(json === undefined ? {} : { json }) }) };
}

/** A conversation's settings at the schema's bounds: four instruction fields of 100,000 characters and a 10,000-character greeting. */
const longestSettings = {
  promptPrefix: 'p'.repeat(100_000),
  system: 's'.repeat(100_000),
  instructions: 'i'.repeat(100_000),
  additional_instructions: 'a'.repeat(100_000),
  greeting: 'g'.repeat(10_000),
};

const refusal = { code: 'PAYLOAD_TOO_LARGE', message: expect.stringMatching(/too large to save: it takes \d+ KB, and one may take at most 400 KB/) };

describe('items over DynamoDB’s 400 KB', () => {
  it('refuses a preset whose settings would not fit, and saves none', async () => {
    const me = await member();
    const saved = await me.call('POST', '/api/presets', { title: 'Everything', endpoint: 'demo', ...longestSettings });
    expect(saved.status).toBe(413);
    expect(saved.json).toEqual(refusal);
    expect((await me.call('GET', '/api/presets')).json).toEqual([]);
  });

  it('refuses an agent whose model parameters would not fit, counted in UTF-8', async () => {
    const me = await member();
    // 300 values of 1,000 two-byte characters: 600 KB to DynamoDB, half that to dynalite's own count.
    const model_parameters = Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`param${i}`, 'é'.repeat(1_000)]));
    const created = await me.call('POST', '/api/agents', { name: 'Heavy', provider: 'openAI', model: 'gpt-4o-mini', instructions: 'x'.repeat(AGENT_LIMITS.instructionsMax), model_parameters });
    expect(created.json).toEqual(refusal);
    expect(created.status).toBe(413);
    expect((await me.call<{ agents: unknown[] }>('GET', '/api/agents')).json.agents).toEqual([]);
  });

  it('refuses a chat whose settings would not fit in its conversation, which no list then shows', async () => {
    const me = await member();
    const asked = await askStream(api().baseUrl, '/api/ask/demo', me.token, { text: 'Hello', conversationId: null, model: 'meld-demo', ...longestSettings });
    expect({ status: asked.status, body: JSON.parse(asked.text) as unknown }).toEqual({ status: 413, body: refusal });
    expect((await me.call<{ conversations: unknown[] }>('GET', '/api/convos')).json.conversations).toEqual([]);
  });
});
