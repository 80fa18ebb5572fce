import { SOCIAL_SIGN_IN_ERRORS, SOCIAL_PROVIDERS, type SocialProvider, type SocialSignInError } from '@meld/shared';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { useSearchParams } from 'react-router-dom';
import { Alert } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { apiRequest } from '@/lib/api-client.ts';
import { useStartupConfig } from '@/lib/config-queries.ts';
import { ProviderIcon } from '@/components/provider-icon.tsx';
import { enabledProviders } from '@/lib/social-providers.ts';
import { SettingRow } from './setting-row.tsx';

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null => (values.includes(value as T) ? (value as T) : null);

/**
 * Account tab: link a sign-in provider to this account (decision 0010). The safe way to join a
 * provider to an account whose address was never proven: the member is signed in, so the provider
 * cannot land a stranger here. The server sends the browser to the provider and back with
 * `?linked=<provider>` or `?linkError=<code>`.
 */
export function LinkedSignIn() {
  const { t } = useTranslation();
  const { data: config } = useStartupConfig();
  const [params] = useSearchParams();
  const [result] = useState(() => ({ linked: oneOf(SOCIAL_PROVIDERS, params.get('linked')), error: oneOf<SocialSignInError>(SOCIAL_SIGN_IN_ERRORS, params.get('linkError')) }));
  const start = useMutation({
    mutationFn: (provider: SocialProvider) => apiRequest('startSocialLink', { params: { provider } }),
    onSuccess: ({ url }) => window.location.assign(url),
  });
  const providers = config ? enabledProviders(config) : [];
  if (providers.length === 0) return null;
  const nameOf = (provider: SocialProvider) => (provider === 'openid' && config?.openidLabel ? config.openidLabel : t(`auth.social.providers.${provider}`));
  return (
    <div className="py-5">
      {result.linked ? <Alert tone="success" className="mb-4">{t('settings.account.linkSignIn.linked', { provider: nameOf(result.linked) })}</Alert> : null}
      {result.error ? <Alert tone="error" className="mb-4">{t(`socialSignIn.errors.${result.error}`)}</Alert> : null}
      {start.isError ? <Alert tone="error" className="mb-4">{t('settings.account.linkSignIn.error')}</Alert> : null}
      <SettingRow label={t('settings.account.linkSignIn.label')} hint={t('settings.account.linkSignIn.hint')}>
        <div className="flex flex-wrap gap-2">
          {providers.map((provider) => (
            <Button key={provider} variant="secondary" size="sm" loading={start.isPending && start.variables === provider} onClick={() => start.mutate(provider)}>
              <ProviderIcon provider={provider} />
              {t('settings.account.linkSignIn.button', { provider: nameOf(provider) })}
            </Button>
          ))}
        </div>
      </SettingRow>
    </div>
  );
}
