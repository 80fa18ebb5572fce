import { useTranslation } from '@/lib/use-translation.ts';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Button, buttonClasses } from '@/components/ui/button.tsx';
import { Logo } from '@/components/ui/logo.tsx';

/**
 * An address that names no page (or a record that is gone): said plainly, with the address asked
 * for and a way home. Nothing here is an error to report, so no stack, no error log, no "Refresh".
 * Home is `/`, which sends a member to Today and a guest to sign in.
 */
export function NotFoundPage({ message }: { message?: string | undefined }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  // A tab opened straight onto this address has nowhere to go back to.
  const canGoBack = window.history.length > 1;
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6 px-5 py-12 sm:py-20">
      <Logo className="[#main_&]:hidden" />
      <div>
        <p className="font-serif text-6xl font-semibold text-ink-faint" aria-hidden="true">
          404
        </p>
        <h1 className="mt-2 text-3xl font-semibold text-ink sm:text-4xl">{t('errorPage.notFoundTitle')}</h1>
        <p className="mt-3 text-ink-soft">{message ?? t('errorPage.notFoundIntro')}</p>
        <p className="mt-2 text-sm break-all text-ink-faint">{t('errorPage.notFoundAddress', { path: pathname })}</p>
      </div>
      <div className="flex flex-wrap gap-3">
        <Link to="/" className={buttonClasses('primary')}>
          {t('errorPage.notFoundHome')}
        </Link>
        {canGoBack ? (
          <Button variant="secondary" onClick={() => void navigate(-1)}>
            {t('errorPage.back')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
