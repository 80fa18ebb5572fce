import { useMutation } from '@tanstack/react-query';
import { useTranslation } from '@/lib/use-translation.ts';
import { CodeEntry, useCodeEntry } from '@/components/two-factor/code-entry.tsx';
import { Button } from '@/components/ui/button.tsx';
import { apiRequest } from '@/lib/api-client.ts';
import { isApiError } from '@/lib/api-error.ts';
import { showToast } from '@/lib/toast.ts';
import { authKeys } from '../api/auth-queries.ts';

/**
 * The login's second step. Success sets the refresh cookie, so a full navigation to / starts the
 * app fresh and signed in (spec 001); a failure says the server's reason and lets the user retry.
 */
export function TwoFactorForm({ tempToken }: { tempToken: string }) {
  const { t } = useTranslation();
  const entry = useCodeEntry();
  const verify = useMutation({
    mutationKey: authKeys.twoFactor(),
    mutationFn: (code: NonNullable<typeof entry.complete>) => apiRequest('verifyTwoFactorTemp', { body: { tempToken, ...code } }),
    onSuccess: (data) => {
      if (data.token) window.location.assign('/');
    },
    // The code stays, so the button is enabled again at once (spec 001) and a typo can be fixed.
    onError: (error) => {
      showToast({ message: (isApiError(error) && !error.isNetworkError && error.message) || t('twoFactor.login.error'), severity: 'error' });
    },
  });

  return (
    <form
      noValidate
      className="flex flex-col gap-6"
      onSubmit={(event) => {
        event.preventDefault();
        if (entry.complete && !verify.isPending) verify.mutate(entry.complete);
      }}
    >
      <p className="text-center text-ink-soft">{entry.mode === 'app' ? t('twoFactor.login.intro') : t('twoFactor.login.introBackup')}</p>
      <CodeEntry entry={entry} disabled={verify.isPending} autoFocus />
      <Button type="submit" size="lg" block disabled={!entry.complete} loading={verify.isPending}>
        {verify.isPending ? t('twoFactor.login.submitting') : t('twoFactor.login.submit')}
      </Button>
    </form>
  );
}
