import { describe, expect, it } from 'vitest';
import { useApi } from '../api-test-kit.ts';

const api = useApi({
    config: {
      appTitle: 'Meld Pilot',
      social: { enabled: true, order: ['github', 'google'], providers: { google: true } },
      interface: { termsOfService: { externalUrl: 'https://example.com/terms', openNewTab: true } },
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
