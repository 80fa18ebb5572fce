import { describe, expect, it } from 'vitest';
import { useApi } from '../api-test-kit.ts';

const api = useApi({
    config: {
      appTitle: 'Meld Pilot',
      social: { enabled: true, order: ['github', 'google'], providers: { google: true }, issuer: { url: 'https://id.example.com', clientId: 'meld', clientSecret: 'issuer-secret-value' } },
      interface: { termsOfService: { externalUrl: 'https://example.com/terms', openNewTab: true }, presets: false },
      modelSpecs: {
        list: [
          { name: 'quick', label: 'Quick answers', preset: { endpoint: 'demo', model: 'meld-demo' } },
          { name: 'careful', label: 'Careful writer', order: 1, default: true, preset: { endpoint: 'demo', model: 'meld-demo', temperature: 0.3 } },
        ],
      },
      banner: { bannerId: 'spring', message: '<b>Spring cohort</b> starts Monday', displayFrom: '2026-01-01T00:00:00.000Z', displayTo: null, isPublic: true },
    },
  });

describe('GET /api/config', () => {
  it('returns the startup config from the app config file, without signing in', async () => {
    const response = await api().client().request('GET', '/api/config');
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({
      appTitle: 'Meld Pilot',
      registrationEnabled: true,
      emailLoginEnabled: true,
      socialLogins: ['google'],
      interface: { termsOfService: { externalUrl: 'https://example.com/terms', openNewTab: true } },
    });
  });

  it('never hands the sign-in issuer or its client secret to the browser', async () => {
    const response = await api().client().request('GET', '/api/config');
    expect(response.text).not.toContain('issuer-secret-value');
    expect(response.text).not.toContain('id.example.com');
  });

  it('says which parts of the interface are hidden, the rest shown', async () => {
    const response = await api().client().request('GET', '/api/config');
    expect(response.json).toMatchObject({ interface: { presets: false, parameters: true, endpointsMenu: true, modelSelect: true, sidePanel: true } });
  });

  it('lists the model specs, ordered ones first, with their presets', async () => {
    const response = await api().client().request('GET', '/api/config');
    const specs = (response.json as { modelSpecs: { list: Array<{ name: string; preset: unknown }>; enforce: boolean } }).modelSpecs;
    expect(specs.list.map((spec) => spec.name)).toEqual(['careful', 'quick']);
    expect(specs.list[0]?.preset).toEqual({ endpoint: 'demo', model: 'meld-demo', temperature: 0.3 });
    expect(specs.enforce).toBe(false);
  });
});

describe('GET /api/banner', () => {
  it('returns the active public banner', async () => {
    const response = await api().client().request('GET', '/api/banner');
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ bannerId: 'spring', message: '<b>Spring cohort</b> starts Monday', displayTo: null });
  });
});

describe('GET /health', () => {
  it('answers ok', async () => {
    const response = await api().client().request('GET', '/health');
    expect(response.json).toMatchObject({ status: 'ok' });
  });
});
