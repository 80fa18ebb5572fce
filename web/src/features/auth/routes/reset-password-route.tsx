import { ERROR_CODES } from '@meld/shared';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Alert } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Field } from '@/components/ui/field.tsx';
import { isApiError } from '@/lib/api-error.ts';
import { confirmPasswordError, passwordError } from '@/lib/validation.ts';
import { useResetPassword } from '../api/recovery-queries.ts';
import { PasswordInput } from '../components/password-input.tsx';

const linkClass = 'font-medium text-accent underline-offset-4 hover:underline';

function RequestNewLink({ title, children }: { title?: string; children: string }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-5 animate-fade-in">
      <Alert tone="error" title={title}>
        {children}
      </Alert>
      <Link to="/forgot-password" className={`self-center ${linkClass}`}>
        {t('recovery.reset.requestNew')}
      </Link>
    </div>
  );
}

/** /reset-password?token&userId: the new password twice (the rules of sign-up), then on to sign in. */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const userId = params.get('userId')?.trim() ?? '';
  const reset = useResetPassword();
  const [values, setValues] = useState({ password: '', confirm: '' });
  const [submitted, setSubmitted] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);

  // The messages of spec 001 section 5 for a link missing a part.
  if (!token || !userId) {
    return <RequestNewLink title={t(token ? 'recovery.reset.noUserId' : 'recovery.reset.noToken')}>{t('recovery.reset.incomplete')}</RequestNewLink>;
  }
  if (reset.isError && isApiError(reset.error) && reset.error.code === ERROR_CODES.invalidLinkToken) {
    return <RequestNewLink title={t('recovery.reset.invalidTitle')}>{t('recovery.reset.invalid')}</RequestNewLink>;
  }
  if (reset.isSuccess) {
    return (
      <div className="flex flex-col gap-6 animate-fade-in">
        <Alert tone="success" title={t('recovery.reset.doneTitle')}>
          {t('recovery.reset.done')}
        </Alert>
        <Button size="lg" block onClick={() => void navigate('/login', { replace: true })}>
          {t('recovery.reset.continue')}
        </Button>
      </div>
    );
  }

  const passwordKey = submitted ? passwordError(values.password) : null;
  const confirmKey = submitted ? confirmPasswordError(values.confirm, values.password) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (passwordError(values.password)) return passwordRef.current?.focus();
    if (confirmPasswordError(values.confirm, values.password)) return confirmRef.current?.focus();
    reset.mutate({ token, userId, password: values.password, confirm_password: values.confirm });
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5">
      <p className="text-center text-ink-soft">{t('recovery.reset.intro')}</p>
      {/* A refusal in the server's own words (too many tries: when to come back); anything else a generic line. */}
      {reset.isError ? <Alert tone="error">{isApiError(reset.error) && reset.error.status >= 400 && reset.error.status < 500 && reset.error.message ? reset.error.message : t('recovery.reset.failed')}</Alert> : null}
      <Field label={t('recovery.reset.password')} error={passwordKey ? t(passwordKey) : null}>
        {({ invalid, ...control }) => (
          <PasswordInput
            {...control}
            ref={passwordRef}
            autoComplete="new-password"
            value={values.password}
            onChange={(event) => setValues((current) => ({ ...current, password: event.target.value }))}
            invalid={invalid}
          />
        )}
      </Field>
      <Field label={t('recovery.reset.confirm')} error={confirmKey ? t(confirmKey) : null}>
        {({ invalid, ...control }) => (
          <PasswordInput
            {...control}
            ref={confirmRef}
            autoComplete="new-password"
            value={values.confirm}
            onChange={(event) => setValues((current) => ({ ...current, confirm: event.target.value }))}
            invalid={invalid}
          />
        )}
      </Field>
      <Button type="submit" size="lg" block loading={reset.isPending}>
        {reset.isPending ? t('recovery.reset.submitting') : t('recovery.reset.submit')}
      </Button>
    </form>
  );
}
