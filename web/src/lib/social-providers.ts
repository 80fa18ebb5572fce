import type { SocialProvider, StartupConfig } from '@meld/shared';

const enabledFlag: Record<SocialProvider, keyof StartupConfig> = {
  google: 'googleLoginEnabled',
  facebook: 'facebookLoginEnabled',
  openid: 'openidLoginEnabled',
  github: 'githubLoginEnabled',
  discord: 'discordLoginEnabled',
  apple: 'appleLoginEnabled',
};

/** Providers to show, in the configured order, each only when its own flag is on. */
export function enabledProviders(config: StartupConfig): SocialProvider[] {
  if (!config.socialLoginEnabled && !config.openidLoginEnabled) return [];
  const seen = new Set<SocialProvider>();
  return config.socialLogins.filter((provider) => {
    if (seen.has(provider)) return false;
    seen.add(provider);
    if (provider !== 'openid' && !config.socialLoginEnabled) return false;
    return config[enabledFlag[provider]] === true;
  });
}

export function oauthHref(config: StartupConfig, provider: SocialProvider): string {
  return `${config.serverDomain.replace(/\/+$/, '')}/oauth/${provider}`;
}
