import { describe, expect, it } from 'vitest';
import { parseAppConfig } from './app-config.ts';

const spec = (overrides: Record<string, unknown> = {}) => ({ name: 'writer', label: 'Writer', preset: { endpoint: 'demo', model: 'meld-demo', temperature: 0.4 }, ...overrides });

describe('app config: interface toggles', () => {
  it('shows every part of the interface when nothing is said, and keeps the links', () => {
    const config = parseAppConfig({ interface: { customFooter: 'Meld | pilot' } });
    expect(config.interface).toMatchObject({ customFooter: 'Meld | pilot', endpointsMenu: true, modelSelect: true, parameters: true, presets: true, sidePanel: true, runCode: true });
    expect(parseAppConfig({}).interface.temporaryChat).toBe(true);
  });

  it('hides the parts set to false', () => {
    expect(parseAppConfig({ interface: { presets: false, parameters: false } }).interface).toMatchObject({ presets: false, parameters: false, modelSelect: true });
  });

  it('names a toggle that is not a boolean and an unknown toggle', () => {
    expect(() => parseAppConfig({ interface: { presets: 'no', sidebar: false } })).toThrow(/interface\.presets: .*interface\.sidebar/s);
  });
});

describe('app config: model specs', () => {
  it('accepts a list of specs and fills enforce and prioritize', () => {
    const config = parseAppConfig({ modelSpecs: { list: [spec({ default: true, description: 'Calm, careful prose' })] } });
    expect(config.modelSpecs).toEqual({ list: [spec({ default: true, description: 'Calm, careful prose' })], enforce: false, prioritize: true });
  });

  it('refuses an empty spec list', () => {
    expect(() => parseAppConfig({ modelSpecs: { list: [] } })).toThrow(/modelSpecs\.list: The model spec list needs at least one spec/);
  });

  it('refuses a spec without a label or preset model, naming the field', () => {
    expect(() => parseAppConfig({ modelSpecs: { list: [{ name: 'a', preset: { endpoint: 'demo' } }] } })).toThrow(/modelSpecs\.list\.0\.label: .*modelSpecs\.list\.0\.preset\.model/s);
  });

  it('refuses two specs with the same name', () => {
    expect(() => parseAppConfig({ modelSpecs: { list: [spec(), spec()] } })).toThrow(/modelSpecs\.list: Model spec names must be unique/);
  });

  it('refuses a spec whose endpoint is not configured', () => {
    expect(() => parseAppConfig({ modelSpecs: { list: [spec({ preset: { endpoint: 'anthropic', model: 'claude-sonnet-4-5' } })] } })).toThrow(/modelSpecs\.list\.0\.preset\.endpoint: No configured endpoint is named anthropic/);
  });

  it('refuses a spec whose parameters are out of range for its model', () => {
    const endpoints = { google: { apiKey: 'user_provided', models: ['gemini-2.5-flash'] } };
    expect(() => parseAppConfig({ endpoints, modelSpecs: { list: [spec({ preset: { endpoint: 'google', model: 'gemini-2.5-flash', topK: 64 } })] } })).toThrow(
      /modelSpecs\.list\.0\.preset\.topK: topK must be between 1 and 40/,
    );
  });

  it('accepts a spec on a custom endpoint by its name', () => {
    const endpoints = { custom: [{ name: 'Ollama', apiKey: 'none', baseURL: 'http://localhost:11434/v1', models: ['llama3'] }] };
    expect(parseAppConfig({ endpoints, modelSpecs: { list: [spec({ preset: { endpoint: 'Ollama', model: 'llama3' } })] } }).modelSpecs?.list).toHaveLength(1);
  });
});
