import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { coachAdapter, parseAppConfig } from './app-config.ts';

describe('app config', () => {
  it('accepts the shipped meld.config.json and fills defaults', () => {
    const config = parseAppConfig(JSON.parse(readFileSync(new URL('../../meld.config.json', import.meta.url), 'utf8')));
    expect(config.appTitle).toBe('Meld');
    expect(config.rateLimits.login.max).toBeGreaterThan(0);
  });

  it('takes an http(s) newsletter page for the user interest success step, and limits interest forms to 10 an hour by default', () => {
    expect(parseAppConfig({ interface: { newsletterUrl: 'https://meld.substack.com/embed' } }).interface.newsletterUrl).toBe('https://meld.substack.com/embed');
    expect(() => parseAppConfig({ interface: { newsletterUrl: 'javascript:alert(1)' } })).toThrow(/interface\.newsletterUrl/);
    expect(parseAppConfig({}).interface.newsletterUrl).toBeUndefined();
    expect(parseAppConfig({}).rateLimits.interest).toEqual({ max: 10, windowMinutes: 60 });
  });

  it('names every bad key in its error', () => {
    expect(() => parseAppConfig({ appTitle: 7, social: { enabled: 'yes' }, surprise: true })).toThrow(
      /appTitle: .*social\.enabled: .*surprise/s,
    );
  });

  it('bans after 20 violations in an hour for two hours unless configured, and refuses a ban that could never start or end', () => {
    expect(parseAppConfig({}).ban).toEqual({ enabled: true, threshold: 20, windowMinutes: 60, durationMinutes: 120 });
    expect(parseAppConfig({ ban: { threshold: 5 } }).ban).toEqual({ enabled: true, threshold: 5, windowMinutes: 60, durationMinutes: 120 });
    expect(() => parseAppConfig({ ban: { threshold: 0, durationMinutes: 0, forever: true } })).toThrow(/ban\.threshold: .*ban\.durationMinutes: .*ban\.forever/s);
  });

  it('rejects an interface link that is not a URL', () => {
    expect(() => parseAppConfig({ interface: { privacyPolicy: { externalUrl: 'nope', openNewTab: true } } })).toThrow(/interface\.privacyPolicy\.externalUrl/);
  });

  it('refuses terms that must be accepted but have no text, and keeps old terms configs valid', () => {
    expect(() => parseAppConfig({ terms: { required: true } })).toThrow(/terms\.text: Terms that must be accepted need their text/);
    expect(parseAppConfig({ terms: { required: false } }).terms).toEqual({ required: false, text: '' });
    expect(parseAppConfig({ terms: { required: true, text: 'Be kind.' } }).terms).toEqual({ required: true, text: 'Be kind.' });
  });

  it('accepts a coach on a configured endpoint and refuses one on an endpoint that is not configured', () => {
    const openAI = { apiKey: 'sk-test', models: ['gpt-4o'] };
    expect(parseAppConfig({ endpoints: { openAI }, coach: { endpoint: 'openAI', model: 'gpt-4o' } }).coach).toEqual({ endpoint: 'openAI', model: 'gpt-4o' });
    expect(() => parseAppConfig({ endpoints: { openAI }, coach: { endpoint: 'anthropic', model: 'claude' } })).toThrow(/coach\.endpoint: No configured endpoint is named anthropic/);
    expect(() => parseAppConfig({ endpoints: { openAI }, coach: { endpoint: 'openAI', model: 'gpt-5' } })).toThrow(/coach\.model: openAI does not list the model gpt-5/);
    expect(() => parseAppConfig({ endpoints: { openAI: { ...openAI, apiKey: 'user_provided' } }, coach: { endpoint: 'openAI', model: 'gpt-4o' } })).toThrow(/coach\.endpoint: The coach needs a server key/);
    expect(parseAppConfig({ coach: { endpoint: 'demo', model: 'meld-demo' } }).coach).toEqual({ endpoint: 'demo', model: 'meld-demo' });
    expect(parseAppConfig({}).rateLimits.reflection).toEqual({ max: 10, windowMinutes: 10 });
  });

  it("names the SDK the coach runs on, and none for no coach or the demo's canned replies", () => {
    const custom = [{ name: 'Local', apiKey: 'k', baseURL: 'http://localhost:1234/v1', models: ['llama'] }];
    expect(coachAdapter(parseAppConfig({}))).toBe('none');
    expect(coachAdapter(parseAppConfig({ coach: { endpoint: 'demo', model: 'meld-demo' } }))).toBe('none');
    expect(coachAdapter(parseAppConfig({ endpoints: { custom }, coach: { endpoint: 'Local', model: 'llama' } }))).toBe('openai');
    expect(coachAdapter(parseAppConfig({ endpoints: { google: { apiKey: 'k', models: ['gemini'] } }, coach: { endpoint: 'google', model: 'gemini' } }))).toBe('google');
  });
});
