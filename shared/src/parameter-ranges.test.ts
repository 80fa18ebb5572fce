import { describe, expect, it } from 'vitest';
import { checkParameters, claudeOutput, parametersFor } from './parameter-ranges.ts';

const keys = (kind: Parameters<typeof parametersFor>[0], model: string) => parametersFor(kind, model).numbers.map((range) => range.key);
const rangeOf = (kind: Parameters<typeof parametersFor>[0], model: string, key: string) => parametersFor(kind, model).numbers.find((range) => range.key === key);

describe('parametersFor', () => {
  it('offers OpenAI models temperature 0-2, top_p, both penalties 0-2 and max tokens', () => {
    expect(keys('openAI', 'gpt-4o-mini')).toEqual(['temperature', 'top_p', 'frequency_penalty', 'presence_penalty', 'max_tokens']);
    expect(rangeOf('openAI', 'gpt-4o-mini', 'temperature')).toMatchObject({ min: 0, max: 2, default: 1 });
    expect(rangeOf('azureOpenAI', 'gpt-4o', 'presence_penalty')).toMatchObject({ min: 0, max: 2, default: 0 });
    expect(keys('custom', 'llama3')).toEqual(keys('openAI', 'gpt-4o'));
  });

  it('leaves only max tokens for OpenAI reasoning models, which refuse sampling parameters', () => {
    expect(keys('openAI', 'o3-mini')).toEqual(['max_tokens']);
    expect(keys('azureOpenAI', 'gpt-5')).toEqual(['max_tokens']);
    // A custom server named its model o1: it is not OpenAI's, so sampling still applies.
    expect(keys('custom', 'o1')).toContain('temperature');
  });

  it("shows an OpenAI model's own output limit as its max tokens default, and none for models it does not know", () => {
    expect(rangeOf('openAI', 'gpt-4o-mini', 'max_tokens')).toMatchObject({ max: 128_000, default: 16_384 });
    expect(rangeOf('openAI', 'gpt-4.1-mini', 'max_tokens')?.default).toBe(32_768);
    expect(rangeOf('azureOpenAI', 'o3-mini', 'max_tokens')?.default).toBe(100_000);
    expect(rangeOf('openAI', 'o1-mini', 'max_tokens')?.default).toBe(65_536);
    // A custom server's model, or the demo's, may write any amount: its default is not known.
    expect(rangeOf('custom', 'gpt-4o', 'max_tokens')?.default).toBeNull();
    expect(rangeOf('demo', 'demo-echo', 'max_tokens')?.default).toBeNull();
  });

  it('caps Anthropic temperature at 1, topK at 40 and has no penalties', () => {
    // The Anthropic API no longer takes sampling parameters; Claude on Bedrock keeps temperature 0-1.
    expect(keys('anthropic', 'claude-sonnet-4-5')).toEqual(['maxOutputTokens']);
    expect(rangeOf('bedrock', 'anthropic.claude-sonnet-4-5-20250929-v1:0', 'temperature')).toMatchObject({ min: 0, max: 1 });
    expect(rangeOf('google', 'gemini-2.5-flash', 'topK')).toMatchObject({ min: 1, max: 40 });
  });

  it('gives current Claude models 128000 output tokens (default 8192) and legacy ones 4096', () => {
    expect(rangeOf('anthropic', 'claude-3-7-sonnet-latest', 'maxOutputTokens')).toMatchObject({ max: 128_000, default: 8192 });
    expect(rangeOf('anthropic', 'claude-3-5-sonnet-latest', 'maxOutputTokens')).toMatchObject({ max: 4096, default: 4096 });
    expect(rangeOf('anthropic', 'claude-2.1', 'maxOutputTokens')).toMatchObject({ max: 4096 });
  });

  it('turns thinking on by default for Claude 3.7 only, off for the 4 generation, absent before', () => {
    expect(parametersFor('anthropic', 'claude-3-7-sonnet-latest').thinking).toEqual({ default: true, budget: { min: 1024, max: 200_000, step: 1, default: 2000 } });
    expect(parametersFor('anthropic', 'claude-opus-4-1').thinking?.default).toBe(false);
    expect(parametersFor('anthropic', 'claude-3-5-haiku-latest').thinking).toBeNull();
    expect(parametersFor('openAI', 'gpt-4o').thinking).toBeNull();
  });

  it('drops temperature, top P and top K while a Claude model thinks', () => {
    expect(parametersFor('anthropic', 'claude-3-7-sonnet-latest').numbers.map((range) => range.key)).toEqual(['maxOutputTokens']);
    expect(parametersFor('bedrock', 'anthropic.claude-3-7-sonnet-20250219-v1:0', { thinking: false }).numbers.map((range) => range.key)).toEqual(['temperature', 'topP', 'maxOutputTokens']);
    expect(parametersFor('bedrock', 'anthropic.claude-sonnet-4-20250514-v1:0', { thinking: true }).numbers.map((range) => range.key)).toEqual(['maxOutputTokens']);
  });

  it('gives Google temperature 0-2, topK 1-40 and 1-64000 output tokens defaulting to 8192', () => {
    expect(keys('google', 'gemini-2.0-flash')).toEqual(['temperature', 'topP', 'topK', 'maxOutputTokens']);
    expect(rangeOf('google', 'gemini-2.0-flash', 'maxOutputTokens')).toMatchObject({ min: 1, max: 64_000, default: 8192 });
  });

  it('follows the model family on Bedrock: Claude keeps its caps and thinking, others take 0-1 temperature', () => {
    const claude = parametersFor('bedrock', 'us.anthropic.claude-3-7-sonnet-20250219-v1:0', { thinking: false });
    expect(claude.numbers.map((range) => range.key)).toEqual(['temperature', 'topP', 'maxOutputTokens']);
    expect(claude.thinking?.default).toBe(true);
    expect(rangeOf('bedrock', 'anthropic.claude-3-5-sonnet-20240620-v1:0', 'maxOutputTokens')?.max).toBe(4096);
    expect(rangeOf('bedrock', 'meta.llama3-70b-instruct-v1:0', 'temperature')).toMatchObject({ min: 0, max: 1, default: null });
  });

  it('allows four stop sequences everywhere', () => {
    for (const kind of ['openAI', 'anthropic', 'google', 'bedrock', 'demo'] as const) expect(parametersFor(kind, 'm').maxStopSequences).toBe(4);
  });
});

describe('checkParameters', () => {
  it('accepts values inside the ranges and unset values', () => {
    expect(checkParameters('openAI', 'gpt-4o', { temperature: 2, top_p: 0, presence_penalty: 2, frequency_penalty: null })).toBeNull();
    expect(checkParameters('anthropic', 'claude-sonnet-4-5', { temperature: 1, maxOutputTokens: 64_000, thinking: true, thinkingBudget: 1024 })).toBeNull();
  });

  it('names temperature above 1 for Anthropic although 1.5 is fine for OpenAI', () => {
    expect(checkParameters('bedrock', 'anthropic.claude-sonnet-4-5', { temperature: 1.5 })).toEqual({ param: 'temperature', message: 'temperature must be between 0 and 1 for anthropic.claude-sonnet-4-5' });
    expect(checkParameters('openAI', 'gpt-4o', { temperature: 1.5 })).toBeNull();
  });

  it('refuses more than 4096 output tokens for a legacy Claude model, under either name', () => {
    expect(checkParameters('anthropic', 'claude-3-haiku-20240307', { maxOutputTokens: 8000 })?.param).toBe('maxOutputTokens');
    expect(checkParameters('anthropic', 'claude-3-haiku-20240307', { max_tokens: 8000 })?.param).toBe('max_tokens');
    expect(checkParameters('anthropic', 'claude-3-7-sonnet-latest', { maxOutputTokens: 8000 })).toBeNull();
  });

  it('refuses Google output tokens over 64000 and topK over 40', () => {
    expect(checkParameters('google', 'gemini-2.0-flash', { maxOutputTokens: 64_001 })?.param).toBe('maxOutputTokens');
    expect(checkParameters('google', 'gemini-2.0-flash', { topK: 41 })?.param).toBe('topK');
  });

  it('refuses a thinking budget outside 1024-200000 on a model that thinks', () => {
    expect(checkParameters('anthropic', 'claude-opus-4-1', { thinkingBudget: 250_000 })).toEqual({ param: 'thinkingBudget', message: 'thinkingBudget must be between 1024 and 200000' });
  });

  it('refuses a fifth stop sequence', () => {
    expect(checkParameters('openAI', 'gpt-4o', { stop: ['a', 'b', 'c', 'd', 'e'] })?.param).toBe('stop');
  });

  it('leaves settings that do not apply to the endpoint to be ignored', () => {
    expect(checkParameters('openAI', 'gpt-4o', { topK: 300 })).toBeNull();
    expect(checkParameters('openAI', 'o3-mini', { temperature: 2 })).toBeNull();
  });
});

describe('claudeOutput', () => {
  it('defaults to 8192 tokens and a 2000-token thinking budget for Claude 3.7', () => {
    expect(claudeOutput('claude-3-7-sonnet-latest', {})).toEqual({ maxTokens: 8192, thinkingBudget: 2000 });
  });

  it('adds the thinking budget on top when max tokens would not leave room for the answer', () => {
    expect(claudeOutput('claude-sonnet-4-5', { thinking: true, thinkingBudget: 4000, maxOutputTokens: 3000 })).toEqual({ maxTokens: 7000, thinkingBudget: 4000 });
  });

  it('gives legacy models 4096 and never thinking', () => {
    expect(claudeOutput('claude-3-5-sonnet-latest', { thinking: true })).toEqual({ maxTokens: 4096 });
  });
});
