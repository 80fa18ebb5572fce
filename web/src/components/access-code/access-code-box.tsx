import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { LIMITS } from '@meld/shared';
import { Alert } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { isApiError } from '@/lib/api-error.ts';
import { accessRequestHref } from '@/lib/contact.ts';
import { InvalidCodeError, useValidateSignupCode } from './use-validate-signup-code.ts';

interface AccessCodeBoxProps {
  /** Called with the accepted code once the server has validated it. */
  onValidated: (code: string) => void;
  className?: string;
}

/** The pilot access-code entry (spec 001 section 4): idle, validating, success or an inline error. */
export function AccessCodeBox({ onValidated, className }: AccessCodeBoxProps) {
  const { t } = useTranslation();
  const id = useId();
  const [code, setCode] = useState('');
  const validate = useValidateSignupCode();
  const trimmed = code.trim();
  const validating = validate.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!trimmed || validating) return;
    validate.mutate(trimmed, { onSuccess: () => onValidated(trimmed) });
  };

  const errorMessage = (() => {
    const error = validate.error;
    if (!error) return null;
    if (isApiError(error)) return error.isNetworkError ? t('accessCode.network') : error.message || t('accessCode.invalid');
    if (error instanceof InvalidCodeError) return error.message || t('accessCode.invalid');
    return t('accessCode.network');
  })();

  return (
    <form onSubmit={submit} className={className} noValidate>
      <label htmlFor={id} className="mb-2 block text-sm font-medium text-ink">
        {t('accessCode.label')}
      </label>
      <div className="flex flex-col gap-2.5 sm:flex-row">
        <Input
          id={id}
          value={code}
          onChange={(event) => {
            setCode(event.target.value.toUpperCase());
            if (validate.isError) validate.reset();
          }}
          placeholder={t('accessCode.placeholder')}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={LIMITS.signupCodeMax}
          disabled={validating}
          invalid={Boolean(errorMessage)}
          aria-describedby={`${id}-status`}
          className="font-mono tracking-[0.12em] uppercase placeholder:tracking-[0.12em]"
        />
        <Button type="submit" size="lg" disabled={!trimmed || validating} className="sm:min-w-36">
          {validating ? t('accessCode.validating') : t('accessCode.submit')}
        </Button>
      </div>
      <div id={`${id}-status`} className="mt-3">
        {errorMessage ? <Alert tone="error">{errorMessage}</Alert> : null}
        {validate.isSuccess ? <Alert tone="success">{validate.data.message || t('accessCode.accepted')}</Alert> : null}
        {!errorMessage && !validate.isSuccess ? <p className="text-sm text-ink-faint">{t('accessCode.hint')}</p> : null}
      </div>
      <p className="mt-4 text-sm text-ink-soft">
        {t('accessCode.noCode')}{' '}
        <a href={accessRequestHref(t('accessCode.requestSubject'))} className="font-medium text-accent underline-offset-4 hover:underline">
          {t('accessCode.requestAccess')}
        </a>
      </p>
    </form>
  );
}
