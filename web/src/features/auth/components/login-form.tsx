import { LIMITS, LOGIN_ERROR_DEBOUNCE_MS } from '@meld/shared';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { Link, useNavigate } from 'react-router-dom';
import { Alert } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Field } from '@/components/ui/field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { setSession } from '@/lib/auth-session.ts';
import { useDebouncedValue } from '@/lib/use-debounced-value.ts';
import { emailError, passwordError } from '@/lib/validation.ts';
import { useLoginMutation } from '../api/auth-queries.ts';
import { loginErrorKind } from '../lib/login-error.ts';
import { PasswordInput } from './password-input.tsx';
import { ResendVerification } from './resend-verification.tsx';

interface LoginFormProps {
  directoryLogin: boolean;
  passwordResetEnabled: boolean;
}

/** Only same-origin paths are followed from a server-provided redirect. */
const safeRedirect = (path: string | undefined) => (path && path.startsWith('/') && !path.startsWith('//') ? path : undefined);

export function LoginForm({ directoryLogin, passwordResetEnabled }: LoginFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const login = useLoginMutation();
  const [values, setValues] = useState({ email: '', password: '' });
  const [touched, setTouched] = useState({ email: false, password: false });
  const [submitted, setSubmitted] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  // While typing, field errors wait for a 400 ms pause; after a submit attempt they follow at once.
  const settled = useDebouncedValue(values, LOGIN_ERROR_DEBOUNCE_MS);
  const shown = submitted ? values : settled;
  const emailKey = touched.email || submitted ? emailError(shown.email, { directoryLogin }) : null;
  const passwordKey = touched.password || submitted ? passwordError(shown.password) : null;

  const update = (field: 'email' | 'password', value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setTouched((current) => (current[field] ? current : { ...current, [field]: true }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const invalidEmail = emailError(values.email, { directoryLogin });
    if (invalidEmail || passwordError(values.password)) {
      (invalidEmail ? emailRef : passwordRef).current?.focus();
      return;
    }
    login.mutate(
      { email: values.email.trim(), password: values.password },
      {
        onSuccess: (data) => {
          if ('twoFAPending' in data) {
            void navigate(`/login/2fa?tempToken=${encodeURIComponent(data.tempToken)}`);
          } else {
            // The guest-only guard moves the user on to /today (or where they were heading).
            setSession(data.token, data.user, { redirectTo: safeRedirect(data.redirect) });
          }
        },
      },
    );
  };

  const errorKind = login.isError ? loginErrorKind(login.error) : null;

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5">
      {errorKind === 'unverified' ? (
        <Alert tone="warning" title={t('auth.login.errors.unverified')}>
          <p className="mb-2">{t('auth.login.errors.resendPrompt')}</p>
          <ResendVerification email={values.email} />
        </Alert>
      ) : errorKind ? (
        <Alert tone="error">{errorKind === 'network' ? t('errors.network') : t(`auth.login.errors.${errorKind}`)}</Alert>
      ) : null}

      <Field label={directoryLogin ? t('auth.login.username') : t('auth.login.email')} error={emailKey ? t(emailKey) : null}>
        {({ invalid, ...control }) => (
          <Input
            {...control}
            ref={emailRef}
            type={directoryLogin ? 'text' : 'email'}
            autoComplete={directoryLogin ? 'username' : 'email'}
            inputMode={directoryLogin ? 'text' : 'email'}
            maxLength={directoryLogin ? undefined : LIMITS.emailMax + 20}
            value={values.email}
            onChange={(event) => update('email', event.target.value)}
            invalid={invalid}
          />
        )}
      </Field>

      <Field label={t('auth.login.password')} error={passwordKey ? t(passwordKey) : null}>
        {({ invalid, ...control }) => (
          <PasswordInput
            {...control}
            ref={passwordRef}
            autoComplete="current-password"
            value={values.password}
            onChange={(event) => update('password', event.target.value)}
            invalid={invalid}
          />
        )}
      </Field>

      {passwordResetEnabled ? (
        <Link to="/forgot-password" className="-mt-2 self-end text-sm font-medium text-accent underline-offset-4 hover:underline">
          {t('auth.login.forgot')}
        </Link>
      ) : null}

      <Button type="submit" size="lg" block loading={login.isPending}>
        {login.isPending ? t('auth.login.submitting') : t('auth.login.submit')}
      </Button>
    </form>
  );
}
