import { coachAdapter, INTERFACE_TOGGLES, SOCIAL_PROVIDERS, type AppConfig, type SocialProvider, type StartupConfig } from '@meld/shared';
import { linksCanReachPeople } from '../../mail/links.ts';
import { availableEndpoints } from '../../providers/llm/endpoints.ts';

/** Specs with an order come first by it; the rest keep their place in the file. */
function bySpecOrder(a: { order?: number }, b: { order?: number }): number {
  return (a.order ?? Number.MAX_SAFE_INTEGER) - (b.order ?? Number.MAX_SAFE_INTEGER);
}

/** What the browser may know of the operator's config before anyone signs in. */
export function toStartupConfig(config: AppConfig): StartupConfig {
  const enabled = (provider: SocialProvider) => config.social.enabled && config.social.providers[provider] === true;
  return {
    appTitle: config.appTitle,
    serverDomain: config.serverDomain,
    emailLoginEnabled: config.login.email,
    registrationEnabled: config.registration.enabled,
    emailEnabled: config.email.enabled,
    // A reset the deployment cannot deliver (no mail in AWS) is not offered.
    passwordResetEnabled: config.login.passwordReset && linksCanReachPeople(config),
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
    // Entry points that cannot work are not offered (decision 0049); the browser learns that here.
    coachAvailable: coachAdapter(config) !== 'none',
    chatModelAvailable: availableEndpoints(config.endpoints).some((endpoint) => endpoint.kind !== 'demo'),
    interface: {
      ...(config.interface.privacyPolicy ? { privacyPolicy: config.interface.privacyPolicy } : {}),
      ...(config.interface.termsOfService ? { termsOfService: config.interface.termsOfService } : {}),
      ...(config.interface.customFooter ? { customFooter: config.interface.customFooter } : {}),
      ...(config.interface.newsletterUrl ? { newsletterUrl: config.interface.newsletterUrl } : {}),
      ...Object.fromEntries(INTERFACE_TOGGLES.map((toggle) => [toggle, config.interface[toggle]])),
    },
    ...(config.modelSpecs ? { modelSpecs: { ...config.modelSpecs, list: [...config.modelSpecs.list].sort(bySpecOrder) } } : {}),
  };
}
