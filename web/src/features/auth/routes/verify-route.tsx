import { REDIRECT_COUNTDOWN_SECONDS } from '@meld/shared';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Alert } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { useVerifyEmail } from '../api/recovery-queries.ts';
import { ResendVerification } from '../components/resend-verification.tsx';
import { useCountdown } from '../hooks/use-countdown.ts';

/** Where a verified member goes; signed out, the app's guard sends them through sign-in first. */
export const AFTER_VERIFY_PATH = '/c/new';

const linkClass = 'font-medium text-accent underline-offset-4 hover:underline';

/**
 * /verify?token&email: verifies on arrival. Success counts down 3 seconds, then opens the app;
 * failure counts down the same before offering a new link, and each new link restarts it.
 */
export function Component() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const email = params.get('email')?.trim() ?? '';
  return (
    <div className="flex flex-col gap-5">
      <h1 className="text-center text-3xl font-semibold text-ink">{t('recovery.verify.title')}</h1>
      {/* Keyed by the link: following a new link from this page (same route, new token) starts afresh and verifies it. */}
      <Verification key={`${token}\n${email}`} token={token} email={email} />
      <Link to="/login" className={`self-center text-sm ${linkClass}`}>
        {t('recovery.verify.backToLogin')}
      </Link>
    </div>
  );
}

/** One link's verification: sent once on arrival, then its outcome. */
function Verification({ token, email }: { token: string; email: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const verify = useVerifyEmail();
  const { left, restart } = useCountdown(REDIRECT_COUNTDOWN_SECONDS);
  const [resent, setResent] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    if (started.current || !token || !email) return;
    started.current = true;
    verify.mutate({ email, token }, { onSettled: restart });
  }, [email, token, verify, restart]);

  useEffect(() => {
    if (verify.isSuccess && left === 0) void navigate(AFTER_VERIFY_PATH, { replace: true });
  }, [verify.isSuccess, left, navigate]);

  const body = (() => {
    if (!token) return <Alert tone="error">{t('recovery.verify.missingToken')}</Alert>;
    if (!email) return <Alert tone="error">{t('recovery.verify.invalidLink')}</Alert>;
    if (verify.isSuccess) {
      return (
        <>
          <Alert tone="success" title={t('recovery.verify.successTitle')}>
            {t('recovery.verify.success')}
          </Alert>
          <p className="text-center text-sm text-ink-faint">{t('recovery.verify.redirecting', { count: left ?? REDIRECT_COUNTDOWN_SECONDS })}</p>
          <Button variant="secondary" onClick={() => void navigate(AFTER_VERIFY_PATH, { replace: true })}>
            {t('recovery.verify.goNow')}
          </Button>
        </>
      );
    }
    if (verify.isError) {
      return (
        <>
          <Alert tone="error" title={t('recovery.verify.failedTitle')}>
            {t('recovery.verify.failed')}
          </Alert>
          {left ? <p className="text-center text-sm text-ink-faint">{t('recovery.verify.resendIn', { count: left })}</p> : null}
          {left === 0 || resent ? (
            <ResendVerification
              email={email}
              allowAgain={left === 0}
              onSent={(reply) => {
                setResent(true);
                // Nothing more to ask for once the address is verified: no countdown to a new send.
                if (!reply.alreadyVerified) restart();
              }}
            />
          ) : null}
        </>
      );
    }
    return (
      <div className="flex items-center justify-center gap-3 py-4 text-ink-soft" role="status">
        <Spinner className="text-accent" />
        <span>{t('recovery.verify.verifying')}</span>
      </div>
    );
  })();

  return body;
}
