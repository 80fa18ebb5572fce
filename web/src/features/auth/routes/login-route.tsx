import { SOCIAL_SIGN_IN_ERRORS, type SocialSignInError } from '@meld/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { useSearchParams } from 'react-router-dom';
import { Alert } from '@/components/ui/alert.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { useStartupConfig } from '@/lib/config-queries.ts';
import { LoginForm } from '../components/login-form.tsx';
import { oauthHref } from '@/lib/social-providers.ts';

/** The code a failed social sign-in came back with (decision 0010), when it is one Meld sends. */
function socialError(value: string | null): SocialSignInError | null {
  return SOCIAL_SIGN_IN_ERRORS.find((code) => code === value) ?? null;
}

/**
 * /login: e-mail sign-in with its reset link, the OpenID auto-redirect, and why a social sign-in
 * came back. The layout adds sign-up.
 */
export function Component() {
  const { t } = useTranslation();
  const { data: config, isPending } = useStartupConfig();
  const [params, setParams] = useSearchParams();
  const autoRedirect = Boolean(config?.openidLoginEnabled && config.openidAutoRedirect && config.serverDomain);
  // Read once: the opt-out must outlive its removal from the address bar.
  const [optedOut] = useState(() => params.get('redirect') === 'false');
  const hasOptOutParam = params.get('redirect') === 'false';
  // Also read once: the banner stays after the code leaves the address, so a reload does not repeat it.
  const [failedSocial] = useState(() => socialError(params.get('error')));
  const hasErrorParam = params.has('error');

  useEffect(() => {
    if (!hasOptOutParam && !hasErrorParam) return;
    setParams(
      (current) => {
        current.delete('redirect');
        current.delete('error');
        return current;
      },
      { replace: true },
    );
  }, [hasOptOutParam, hasErrorParam, setParams]);

  // A sign-in that just failed at the provider is not sent straight back there.
  useEffect(() => {
    if (config && autoRedirect && !optedOut && !failedSocial) window.location.assign(oauthHref(config, 'openid'));
  }, [config, autoRedirect, optedOut, failedSocial]);

  if (isPending) {
    return (
      <div className="grid place-items-center py-8 text-xl text-accent">
        <Spinner label={t('loading')} />
      </div>
    );
  }

  // Without config (server unreachable) keep the form: the layout shows the error banner.
  const emailLogin = config?.emailLoginEnabled ?? true;
  const banner = failedSocial ? (
    <Alert tone="error" className="mb-5">
      {t(`socialSignIn.errors.${failedSocial}`)}
    </Alert>
  ) : null;
  if (!emailLogin) return banner;
  return (
    <>
      {banner}
      <LoginForm directoryLogin={config?.ldapLoginEnabled ?? false} passwordResetEnabled={config?.passwordResetEnabled ?? false} />
    </>
  );
}
