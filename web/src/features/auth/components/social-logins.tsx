import type { StartupConfig } from '@meld/shared';
import { useTranslation } from '@/lib/use-translation.ts';
import { buttonClasses } from '@/components/ui/button.tsx';
import { enabledProviders, oauthHref } from '@/lib/social-providers.ts';
import { ProviderIcon } from '@/components/provider-icon.tsx';

/** Social and OpenID sign-in: plain links, since the server runs the OAuth dance. */
export function SocialLogins({ config }: { config: StartupConfig }) {
  const { t } = useTranslation();
  const providers = enabledProviders(config);
  if (providers.length === 0) return null;

  return (
    <div className="mt-6">
      <div className="flex items-center gap-3 text-xs tracking-wide text-ink-faint uppercase" aria-hidden="true">
        <span className="h-px flex-1 bg-line" />
        {t('auth.social.divider')}
        <span className="h-px flex-1 bg-line" />
      </div>
      <ul className="mt-5 flex flex-col gap-2.5">
        {providers.map((provider) => {
          const name = provider === 'openid' && config.openidLabel ? config.openidLabel : t(`auth.social.providers.${provider}`);
          return (
            <li key={provider}>
              <a href={oauthHref(config, provider)} className={buttonClasses('secondary', 'md', 'w-full')}>
                {provider === 'openid' && config.openidImageUrl ? (
                  <img src={config.openidImageUrl} alt="" className="size-5 object-contain" />
                ) : (
                  <ProviderIcon provider={provider} />
                )}
                {provider === 'openid' && config.openidLabel ? name : t('auth.social.continueWith', { provider: name })}
              </a>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
