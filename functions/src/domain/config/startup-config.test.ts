import { parseAppConfig } from '@meld/shared';
import { describe, expect, it } from 'vitest';
import { toStartupConfig } from './startup-config.ts';

const issuer = { url: 'https://id.example.com', clientId: 'meld' };

describe('startup config', () => {
  it('offers a password reset only where its link can reach someone: by mail, or on one machine', () => {
    const withoutMail = parseAppConfig({ login: { passwordReset: true } });
    const transport = process.env.MELD_MAIL_TRANSPORT;
    try {
      process.env.MELD_MAIL_TRANSPORT = 'none';
      expect(toStartupConfig(withoutMail).passwordResetEnabled).toBe(false);
      expect(toStartupConfig(parseAppConfig({ login: { passwordReset: true }, serverDomain: 'https://meld.example', email: { enabled: true, from: 'no-reply@meld.example' } })).passwordResetEnabled).toBe(true);
      process.env.MELD_MAIL_TRANSPORT = 'console';
      expect(toStartupConfig(withoutMail).passwordResetEnabled).toBe(true);
      expect(toStartupConfig(parseAppConfig({ login: { passwordReset: false } })).passwordResetEnabled).toBe(false);
    } finally {
      if (transport === undefined) delete process.env.MELD_MAIL_TRANSPORT;
      else process.env.MELD_MAIL_TRANSPORT = transport;
    }
  });

  it('tells the browser whether a real coach and a real chat model answer, the offline demo counting as neither', () => {
    const custom = [{ name: 'Local', baseURL: 'http://localhost:11434/v1', apiKey: 'ollama', models: ['llama'] }];
    expect(toStartupConfig(parseAppConfig({}))).toMatchObject({ coachAvailable: false, chatModelAvailable: false });
    expect(toStartupConfig(parseAppConfig({ coach: { endpoint: 'demo', model: 'meld-demo' } }))).toMatchObject({ coachAvailable: false, chatModelAvailable: false });
    expect(toStartupConfig(parseAppConfig({ endpoints: { custom } }))).toMatchObject({ coachAvailable: false, chatModelAvailable: true });
    expect(toStartupConfig(parseAppConfig({ endpoints: { custom }, coach: { endpoint: 'Local', model: 'llama' } }))).toMatchObject({ coachAvailable: true, chatModelAvailable: true });
  });

  it('shows only social providers that are enabled, in the configured order', () => {
    const config = parseAppConfig({ social: { enabled: true, order: ['github', 'google', 'apple'], providers: { google: true, github: true }, issuer } });
    const startup = toStartupConfig(config);
    expect(startup.socialLogins).toEqual(['github', 'google']);
    expect(startup).toMatchObject({ socialLoginEnabled: true, googleLoginEnabled: true, appleLoginEnabled: false });
  });

  it('turns every provider off when social login is off', () => {
    const startup = toStartupConfig(parseAppConfig({ social: { enabled: false, providers: { google: true } } }));
    expect(startup.socialLogins).toEqual([]);
    expect(startup.googleLoginEnabled).toBe(false);
  });

  it('reports the OpenID button\'s label and image, and auto-redirect only while OpenID is on', () => {
    const openid = { label: 'Acme SSO', imageUrl: 'https://acme.example/logo.svg', autoRedirect: true };
    const on = toStartupConfig(parseAppConfig({ serverDomain: 'https://meld.example', social: { enabled: true, providers: { openid: true }, openid, issuer } }));
    expect(on).toMatchObject({ openidLoginEnabled: true, openidAutoRedirect: true, openidLabel: 'Acme SSO', openidImageUrl: 'https://acme.example/logo.svg', serverDomain: 'https://meld.example' });
    const off = toStartupConfig(parseAppConfig({ social: { enabled: true, providers: { openid: false, google: true }, openid, issuer } }));
    expect(off).toMatchObject({ openidLoginEnabled: false, openidAutoRedirect: false });
  });

  it('passes interface links through and defaults the title to Meld', () => {
    const startup = toStartupConfig(parseAppConfig({ interface: { privacyPolicy: { externalUrl: 'https://example.com/privacy', openNewTab: false } } }));
    expect(startup.appTitle).toBe('Meld');
    expect(startup.interface.privacyPolicy).toEqual({ externalUrl: 'https://example.com/privacy', openNewTab: false });
    expect(startup.interface).not.toHaveProperty('customFooter');
  });

  it('passes a custom footer for the shared-conversation page through', () => {
    const startup = toStartupConfig(parseAppConfig({ interface: { customFooter: 'Acme Coaching | Internal pilot' } }));
    expect(startup.interface.customFooter).toBe('Acme Coaching | Internal pilot');
  });
});
