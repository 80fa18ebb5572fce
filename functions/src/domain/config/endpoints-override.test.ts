import { parseAppConfig } from '@meld/shared';
import { describe, expect, it } from 'vitest';
import { endpointsOverride } from './endpoints-override.ts';

describe('endpointsOverride', () => {
  it('is false when the config overrides nothing', () => {
    expect(endpointsOverride(parseAppConfig({ endpoints: { openAI: { apiKey: 'user_provided', models: ['gpt-4o-mini'] } } }))).toBe(false);
  });

  it('lists only the endpoints with a title model', () => {
    const config = parseAppConfig({
      endpoints: { openAI: { apiKey: 'k', models: ['gpt-4o'], titleModel: 'gpt-4o-mini' }, anthropic: { apiKey: 'k', models: ['claude-sonnet-4-5'] } },
    });
    expect(endpointsOverride(config)).toEqual({ endpoints: { openAI: { titleModel: 'gpt-4o-mini' } }, modelSpecs: null });
  });
});
