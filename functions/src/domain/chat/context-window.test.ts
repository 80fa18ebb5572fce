import { endpointsConfigSchema } from '@meld/shared';
import { describe, expect, it } from 'vitest';
import { contextTokens, DEFAULT_CONTEXT_TOKENS, readsImages } from './context-window.ts';

const config = endpointsConfigSchema.parse({
  openAI: { apiKey: 'sk', models: ['gpt-4o', 'gpt-3.5-turbo', 'o3-mini'] },
  custom: [{ name: 'Ollama', apiKey: 'k', baseURL: 'http://localhost:11434/v1', models: ['llama3', 'bakllava-7b'], visionModels: ['bakllava-7b'] }],
});

describe('readsImages', () => {
  it('knows the vision families and the text-only models beside them', () => {
    expect(readsImages(config, 'openAI', 'gpt-4o')).toBe(true);
    expect(readsImages(config, 'anthropic', 'claude-sonnet-4-5')).toBe(true);
    expect(readsImages(config, 'google', 'gemini-2.5-flash')).toBe(true);
    expect(readsImages(config, 'openAI', 'gpt-3.5-turbo')).toBe(false);
    expect(readsImages(config, 'openAI', 'o3-mini')).toBe(false);
  });

  it("takes an endpoint's visionModels list for models it does not know", () => {
    expect(readsImages(config, 'Ollama', 'bakllava-7b')).toBe(true);
    expect(readsImages(config, 'Ollama', 'llama3')).toBe(false);
  });
});

describe('contextTokens', () => {
  it("uses the conversation's maxContextTokens, else the model's window, else a small default", () => {
    expect(contextTokens({ model: 'gpt-4o', maxContextTokens: 5_000 })).toBe(5_000);
    expect(contextTokens({ model: 'claude-sonnet-4-5' })).toBe(200_000);
    expect(contextTokens({ model: 'my-local-model' })).toBe(DEFAULT_CONTEXT_TOKENS);
  });
});
