import { describe, expect, it } from 'vitest';
import { testConfig } from '@/test/fixtures.ts';
import { enabledProviders, oauthHref } from './social-providers.ts';

describe('social providers', () => {
  it('follows the configured order and each provider flag', () => {
    const config = testConfig({
      socialLoginEnabled: true,
      socialLogins: ['github', 'google', 'apple'],
      googleLoginEnabled: true,
      githubLoginEnabled: true,
      appleLoginEnabled: false,
    });
    expect(enabledProviders(config)).toEqual(['github', 'google']);
  });

  it('shows none when social login is off, except OpenID which has its own switch', () => {
    const config = testConfig({ socialLoginEnabled: false, googleLoginEnabled: true, openidLoginEnabled: true });
    expect(enabledProviders(config)).toEqual(['openid']);
  });

  it('points at {serverDomain}/oauth/{provider}', () => {
    expect(oauthHref(testConfig({ serverDomain: 'https://meld.example/' }), 'google')).toBe('https://meld.example/oauth/google');
  });
});
