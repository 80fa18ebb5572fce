import { SOCIAL_PROVIDERS, type AppConfig, type SocialProvider, type StartupConfig } from '@meld/shared';

/** What the browser may know of the operator's config before anyone signs in. */
export function toStartupConfig(config: AppConfig): StartupConfig {
  const enabled = (provider: SocialProvider) => config.social.enabled && config.social.providers[provider] === true;
  return {
    appTitle: config.appTitle,
    serverDomain: config.serverDomain,
    emailLoginEnabled: config.login.email,
    registrationEnabled: config.registration.enabled,
    emailEnabled: config.email.enabled,
    passwordResetEnabled: config.login.passwordReset,
    openidLoginEnabled: enabled('openid'),
    openidAutoRedirect: enabled('openid') && config.social.openid.autoRedirect,
    openidLabel: config.social.openid.label,
    openidImageUrl: config.social.openid.imageUrl,
    socialLoginEnabled: config.social.enabled && SOCIAL_PROVIDERS.some(enabled),
    socialLogins: config.social.order.filter(enabled),
    googleLoginEnabled: enabled('google'),
    facebookLoginEnabled: enabled('facebook'),
    githubLoginEnabled: enabled('github'),
    discordLoginEnabled: enabled('discord'),
    appleLoginEnabled: enabled('apple'),
    ldapLoginEnabled: config.login.ldap,
    searchEnabled: config.search.enabled,
    termsAcceptanceRequired: config.terms.required,
    interface: {
      ...(config.interface.privacyPolicy ? { privacyPolicy: config.interface.privacyPolicy } : {}),
      ...(config.interface.termsOfService ? { termsOfService: config.interface.termsOfService } : {}),
      ...(config.interface.customFooter ? { customFooter: config.interface.customFooter } : {}),
    },
  };
}
