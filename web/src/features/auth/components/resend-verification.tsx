import type { ResendVerificationResponse } from '@meld/shared';
import { useTranslation } from '@/lib/use-translation.ts';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button.tsx';
import { useResendVerification } from '../api/recovery-queries.ts';
import { inAppPath } from '../lib/returned-link.ts';

interface ResendVerificationProps {
  email: string;
  /** Called after each successful resend with the reply (the verify page restarts its countdown unless the address is verified). */
  onSent?: (reply: ResendVerificationResponse) => void;
  /** Offer the button again after a successful send (the verify page, once its countdown is over). */
  allowAgain?: boolean;
}

/**
 * "Send a new verification link", then the neutral confirmation (and the link itself when the
 * server returns it), or, where the server says so, that the address is already verified.
 */
export function ResendVerification({ email, onSent, allowAgain = false }: ResendVerificationProps) {
  const { t } = useTranslation();
  const resend = useResendVerification();
  const verifyPath = inAppPath(resend.data?.link);
  const alreadyVerified = resend.data?.alreadyVerified === true;

  const send = () => resend.mutate({ email: email.trim() }, { onSuccess: (reply) => onSent?.(reply) });

  return (
    <div className="flex flex-col items-start gap-2">
      {resend.isSuccess ? (
        <div className="flex flex-col gap-2" role="status">
          <p>{alreadyVerified ? t('recovery.resend.alreadyVerified') : verifyPath ? t('recovery.resend.ready') : t('recovery.resend.sent')}</p>
          {verifyPath ? (
            <Link to={verifyPath} className="self-start font-medium text-accent underline-offset-4 hover:underline">
              {t('recovery.resend.verifyNow')}
            </Link>
          ) : null}
        </div>
      ) : null}
      {!resend.isSuccess || (allowAgain && !alreadyVerified) ? (
        <Button type="button" variant="secondary" size="sm" loading={resend.isPending} onClick={send}>
          {resend.isPending ? t('recovery.resend.sending') : t('recovery.resend.send')}
        </Button>
      ) : null}
      {resend.isError ? (
        <p role="alert" className="text-danger">
          {t('recovery.resend.failed')}
        </p>
      ) : null}
    </div>
  );
}
