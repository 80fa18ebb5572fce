import { describe, expect, it } from 'vitest';
import { friendlyModelLabel } from './model-label.ts';

describe('friendlyModelLabel', () => {
  it.each([
    ['gpt-4o-mini', 'GPT-4o mini'],
    ['gpt-4o', 'GPT-4o'],
    ['gpt-3.5-turbo', 'GPT-3.5 turbo'],
    ['gpt-4.1-nano-2025-04-14', 'GPT-4.1 nano'],
    ['o3-mini', 'o3 mini'],
    ['claude-3-5-sonnet-20241022', 'Claude 3.5 Sonnet'],
    ['claude-3-7-sonnet-latest', 'Claude 3.7 Sonnet'],
    ['claude-sonnet-4-20250514', 'Claude Sonnet 4'],
    ['claude-opus-4-1-20250805', 'Claude Opus 4.1'],
    ['us.anthropic.claude-3-7-sonnet-20250219-v1:0', 'Claude 3.7 Sonnet'],
    ['gemini-2.0-flash-001', 'Gemini 2.0 Flash'],
    ['gemini-1.5-pro', 'Gemini 1.5 Pro'],
    ['mistral-large-latest', 'Mistral Large'],
    ['fake-coder', 'Fake Coder'],
    ['llama3.1:8b', 'Llama3.1:8b'],
  ])('%s → %s', (id, label) => {
    expect(friendlyModelLabel(id)).toBe(label);
  });

  it('keeps an id it cannot split', () => {
    expect(friendlyModelLabel('-')).toBe('-');
  });
});
