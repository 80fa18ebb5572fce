import { describe, expect, it } from 'vitest';
import { parameterKind, pickEditable, settingsForSend, shownValue } from './composer-settings.ts';

describe('settingsForSend', () => {
  it('sends every editable key, null for the ones not set, so saved settings follow the panel', () => {
    const sent = settingsForSend('openAI', 'gpt-4o-mini', { temperature: 0.4 });
    expect(sent).toMatchObject({ temperature: 0.4, top_p: null, presence_penalty: null, promptPrefix: null, stop: null, thinking: null });
  });

  it('pulls a value kept from another model back inside the new range', () => {
    expect(settingsForSend('bedrock', 'anthropic.claude-3-5-haiku-20241022-v1:0', { temperature: 1.7 }).temperature).toBe(1);
    expect(settingsForSend('anthropic', 'claude-3-5-haiku-latest', { maxOutputTokens: 20_000 }).maxOutputTokens).toBe(4096);
  });

  it('clears parameters that do not apply to the model', () => {
    const sent = settingsForSend('google', 'gemini-2.5-flash', { presence_penalty: 1, thinking: true, thinkingBudget: 5000, topK: 20 });
    expect(sent).toMatchObject({ presence_penalty: null, thinking: null, thinkingBudget: null, topK: 20 });
    // Claude before 3.7 cannot think.
    expect(settingsForSend('anthropic', 'claude-3-5-haiku-latest', { thinking: true, thinkingBudget: 5000, maxOutputTokens: 1000 })).toMatchObject({ thinking: null, thinkingBudget: null, maxOutputTokens: 1000 });
  });

  it('sends no sampling parameters to Anthropic, only the output budget and thinking', () => {
    const sent = settingsForSend('anthropic', 'claude-3-7-sonnet-latest', { temperature: 0.5, topP: 0.9, top_p: 0.9, topK: 20, thinking: false, maxOutputTokens: 1000 });
    expect(sent).toMatchObject({ temperature: null, topP: null, top_p: null, topK: null, thinking: false, maxOutputTokens: 1000 });
  });

  it('clears temperature while a Claude model thinks, and sends it once thinking is off', () => {
    expect(settingsForSend('bedrock', 'us.anthropic.claude-3-7-sonnet-20250219-v1:0', { temperature: 0.5 })).toMatchObject({ temperature: null });
    expect(settingsForSend('bedrock', 'us.anthropic.claude-3-7-sonnet-20250219-v1:0', { temperature: 0.5, thinking: false })).toMatchObject({ temperature: 0.5, thinking: false });
  });

  it('keeps thinking and its budget for a model that thinks', () => {
    expect(settingsForSend('bedrock', 'us.anthropic.claude-3-7-sonnet-20250219-v1:0', { thinking: false, thinkingBudget: 300_000 })).toMatchObject({ thinking: false, thinkingBudget: 200_000 });
  });

  it('sends at most four non-empty stop sequences and a trimmed label, blank instructions as null', () => {
    const sent = settingsForSend('demo', 'meld-demo', { stop: ['a', '', 'b', 'c', 'd', 'e'], modelLabel: '  Sage ', promptPrefix: '   ' });
    expect(sent).toMatchObject({ stop: ['a', 'b', 'c', 'd'], modelLabel: 'Sage', promptPrefix: null });
  });
});

describe('shownValue', () => {
  it('shows the value set, else the default, inside the range', () => {
    const range = { key: 'temperature', min: 0, max: 1, step: 0.01, default: 1 } as const;
    expect(shownValue({ temperature: 0.2 }, range)).toBe(0.2);
    expect(shownValue({ temperature: 1.5 }, range)).toBe(1);
    expect(shownValue({}, range)).toBe(1);
    expect(shownValue({}, { ...range, default: null })).toBeNull();
  });
});

describe('pickEditable and parameterKind', () => {
  it('keeps only the set editable settings of a conversation', () => {
    expect(pickEditable({ endpoint: 'openAI', model: 'gpt-4o', temperature: 0.3, top_p: null, promptPrefix: 'Be brief' })).toEqual({ temperature: 0.3, promptPrefix: 'Be brief' });
  });

  it('treats an unknown endpoint type as OpenAI-compatible', () => {
    expect(parameterKind('anthropic')).toBe('anthropic');
    expect(parameterKind('something-new')).toBe('custom');
  });
});
