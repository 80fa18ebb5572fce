import { LIMITS } from '@meld/shared';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { Link } from 'react-router-dom';
import { Alert } from '@/components/ui/alert.tsx';
import { Button, buttonClasses } from '@/components/ui/button.tsx';
import { Field } from '@/components/ui/field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { useStartupConfig } from '@/lib/config-queries.ts';
import { emailError } from '@/lib/validation.ts';
import { useRequestPasswordReset } from '../api/recovery-queries.ts';
import { inAppPath } from '../lib/returned-link.ts';

const linkClass = 'font-medium text-accent underline-offset-4 hover:underline';

/**
 * /forgot-password: the e-mail form, replaced by a confirmation once sent. A server without mail
 * returns the link, offered directly; any other outcome, errors included, gets the neutral message.
 */
export function Component() {
  const { t } = useTranslation();
  const { data: config } = useStartupConfig();
  const request = useRequestPasswordReset();
  const [email, setEmail] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const errorKey = submitted ? emailError(email) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (emailError(email)) {
      inputRef.current?.focus();
      return;
    }
    request.mutate({ email: email.trim() });
  };

  if (request.isSuccess || request.isError) {
    const resetPath = config?.emailEnabled ? null : inAppPath(request.data?.link);
    return (
      <div className="flex flex-col gap-6 animate-fade-in">
        {resetPath ? (
          <Alert tone="success" title={t('recovery.forgot.readyTitle')}>
            {t('recovery.forgot.ready')}
          </Alert>
        ) : request.data?.linksReturned ? (
          // No mail goes out here, so "check your inbox" would send them waiting for nothing.
          <Alert tone="info" title={t('recovery.forgot.noLinkTitle')}>
            {t('recovery.forgot.noLink')}
          </Alert>
        ) : (
          <Alert tone="info" title={t('recovery.forgot.sentTitle')}>
            {t('recovery.forgot.sent')}
          </Alert>
        )}
        {resetPath ? (
          <Link to={resetPath} className={buttonClasses('primary', 'lg', 'self-center')}>
            {t('recovery.forgot.resetNow')}
          </Link>
        ) : null}
        <Link to="/login" className={`self-center text-sm ${linkClass}`}>
          {t('recovery.forgot.backToLogin')}
        </Link>
      </div>
    );
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5">
      <p className="text-center text-ink-soft">{t('recovery.forgot.intro')}</p>
      <Field label={t('recovery.forgot.email')} error={errorKey ? t(errorKey) : null}>
        {({ invalid, ...control }) => (
          <Input
            {...control}
            ref={inputRef}
            type="email"
            autoComplete="email"
            inputMode="email"
            maxLength={LIMITS.emailMax + 20}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            invalid={invalid}
          />
        )}
      </Field>
      <Button type="submit" size="lg" block loading={request.isPending}>
        {request.isPending ? t('recovery.forgot.submitting') : t('recovery.forgot.submit')}
      </Button>
      <Link to="/login" className={`self-center text-sm ${linkClass}`}>
        {t('recovery.forgot.backToLogin')}
      </Link>
    </form>
  );
}
