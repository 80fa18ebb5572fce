import { useTranslation } from '@/lib/use-translation.ts';
import { Link, useSearchParams } from 'react-router-dom';
import { Alert } from '@/components/ui/alert.tsx';
import { TwoFactorForm } from '../components/two-factor-form.tsx';

/** /login/2fa?tempToken=…: the code after the password. The layout shows "Verify your identity". */
export function Component() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const tempToken = params.get('tempToken');
  if (!tempToken) {
    return (
      <div className="flex flex-col items-center gap-5">
        <Alert tone="warning">{t('twoFactor.login.missingToken')}</Alert>
        <Link to="/login" className="font-medium text-accent underline-offset-4 hover:underline">
          {t('twoFactor.login.backToLogin')}
        </Link>
      </div>
    );
  }
  return (
    <div className="flex flex-col items-center gap-6">
      <TwoFactorForm tempToken={tempToken} />
      <Link to="/login" className="text-sm font-medium text-accent underline-offset-4 hover:underline">
        {t('twoFactor.login.backToLogin')}
      </Link>
    </div>
  );
}
