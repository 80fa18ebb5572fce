import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Spinner } from '@/components/ui/spinner.tsx';
import { useStartupConfig } from '@/lib/config-queries.ts';
import { LoginForm } from '../components/login-form.tsx';
import { oauthHref } from '../lib/social-providers.ts';

/** /login: e-mail sign-in with its reset link, and the OpenID auto-redirect. The layout adds sign-up. */
export function Component() {
  const { t } = useTranslation();
  const { data: config, isPending } = useStartupConfig();
  const [params, setParams] = useSearchParams();
  const autoRedirect = Boolean(config?.openidLoginEnabled && config.openidAutoRedirect && config.serverDomain);
  // Read once: the opt-out must outlive its removal from the address bar.
  const [optedOut] = useState(() => params.get('redirect') === 'false');
  const hasOptOutParam = params.get('redirect') === 'false';

  useEffect(() => {
    if (!hasOptOutParam) return;
    setParams(
      (current) => {
        current.delete('redirect');
        return current;
      },
      { replace: true },
    );
  }, [hasOptOutParam, setParams]);

  useEffect(() => {
    if (config && autoRedirect && !optedOut) window.location.assign(oauthHref(config, 'openid'));
  }, [config, autoRedirect, optedOut]);

  if (isPending) {
    return (
      <div className="grid place-items-center py-8 text-xl text-accent">
        <Spinner label={t('loading')} />
      </div>
    );
  }

  // Without config (server unreachable) keep the form: the layout shows the error banner.
  const emailLogin = config?.emailLoginEnabled ?? true;
  if (!emailLogin) return null;
  return <LoginForm directoryLogin={config?.ldapLoginEnabled ?? false} passwordResetEnabled={config?.passwordResetEnabled ?? false} />;
}
