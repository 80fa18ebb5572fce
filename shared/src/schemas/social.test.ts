import { describe, expect, it } from 'vitest';
import { parseAppConfig } from '../app-config.ts';

const issuer = { url: 'https://id.example.com', clientId: 'meld' };
const cognito = {
  domainPrefix: 'meld-pilot',
  providers: {
    google: { clientId: 'g', clientSecretName: 'meld/google' },
    github: { clientId: 'gh', clientSecretName: 'meld/github', issuerUrl: 'https://github-oidc.example.com' },
  },
};

describe('social sign-in config', () => {
  it('accepts enabled providers with a plain OIDC issuer, or with Cognito settings for each', () => {
    expect(parseAppConfig({ social: { enabled: true, providers: { google: true, openid: true }, issuer } }).social.issuer).toEqual(issuer);
    expect(parseAppConfig({ social: { enabled: true, providers: { google: true, github: true }, cognito } }).social.cognito?.domainPrefix).toBe('meld-pilot');
  });

  it('needs somewhere to send an enabled provider', () => {
    expect(() => parseAppConfig({ social: { enabled: true, providers: { google: true } } })).toThrow(/social\.issuer: Social sign-in needs an OIDC issuer or Cognito/);
  });

  it('stays valid with no issuer while every provider is off', () => {
    expect(parseAppConfig({ social: { enabled: false, providers: { google: true } } }).social.enabled).toBe(false);
  });

  it('names the enabled provider that Cognito has no settings for', () => {
    expect(() => parseAppConfig({ social: { enabled: true, providers: { google: true, apple: true }, cognito } })).toThrow(/social\.cognito\.providers\.apple/);
  });

  it('asks for an issuer URL where Cognito federates over OIDC, and the team and key for Apple', () => {
    const withoutIssuerUrl = { ...cognito, providers: { discord: { clientId: 'd', clientSecretName: 'meld/discord' } } };
    expect(() => parseAppConfig({ social: { enabled: true, providers: { discord: true }, cognito: withoutIssuerUrl } })).toThrow(/social\.cognito\.providers\.discord\.issuerUrl/);
    const apple = { ...cognito, providers: { apple: { clientId: 'a', clientSecretName: 'meld/apple' } } };
    expect(() => parseAppConfig({ social: { enabled: true, providers: { apple: true }, cognito: apple } })).toThrow(/teamId and keyId/);
  });

  it('refuses both an issuer and Cognito at once, and a domain prefix Cognito would refuse', () => {
    expect(() => parseAppConfig({ social: { enabled: true, providers: { google: true }, issuer, cognito } })).toThrow(/either an OIDC issuer or Cognito/);
    expect(() => parseAppConfig({ social: { cognito: { domainPrefix: 'Meld_Pilot' } } })).toThrow(/social\.cognito\.domainPrefix/);
  });
});
