import { useState, type InputHTMLAttributes, type Ref } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { Input } from '@/components/ui/input.tsx';

interface PasswordInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  invalid?: boolean;
  ref?: Ref<HTMLInputElement>;
}

/** A password field with a show/hide toggle, so people on phones can check what they typed. */
export function PasswordInput({ invalid, className, ref, ...rest }: PasswordInputProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <Input ref={ref} type={visible ? 'text' : 'password'} invalid={invalid} className={`pr-12 ${className ?? ''}`} {...rest} />
      <button
        type="button"
        onClick={() => setVisible((shown) => !shown)}
        aria-label={visible ? t('auth.login.hidePassword') : t('auth.login.showPassword')}
        aria-pressed={visible}
        className="absolute inset-y-0 right-1.5 my-auto grid size-9 place-items-center rounded-lg text-ink-faint hover:bg-sunken hover:text-ink"
      >
        <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" aria-hidden="true">
          <path d="M2.5 12S6 5.5 12 5.5 21.5 12 21.5 12 18 18.5 12 18.5 2.5 12 2.5 12Z" />
          <circle cx="12" cy="12" r="3" />
          {visible ? null : <path d="m4 4 16 16" />}
        </svg>
      </button>
    </div>
  );
}
