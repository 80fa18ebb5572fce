import { describe, expect, it } from 'vitest';
import { signUp, useApi } from '../api-test-kit.ts';

const api = useApi({
  config: {
    endpoints: {
      demo: { enabled: true },
      custom: [{ name: 'Ollama', apiKey: 'none', baseURL: 'http://127.0.0.1:11434/v1', models: ['llama3', 'phi3'], titleModel: 'phi3' }],
    },
    modelSpecs: { enforce: true, list: [{ name: 'local', label: 'Local Llama', preset: { endpoint: 'Ollama', model: 'llama3' } }] },
  },
});

describe('GET /api/endpoints/config/override', () => {
  it('answers the title model per endpoint and that model specs are enforced', async () => {
    const member = await signUp(api().client());
    const response = await member.call('GET', '/api/endpoints/config/override');
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ endpoints: { Ollama: { titleModel: 'phi3' } }, modelSpecs: { enforce: true, prioritize: true } });
  });

  it('asks for sign-in', async () => {
    const response = await api().client().request('GET', '/api/endpoints/config/override');
    expect(response.status).toBe(401);
  });
});
