import clsx from 'clsx';
import type { InputHTMLAttributes, Ref } from 'react';

interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  invalid?: boolean;
  ref?: Ref<HTMLInputElement>;
}

export const inputClasses = (invalid?: boolean, extra?: string) =>
  clsx(
    'block h-12 w-full rounded-xl border bg-surface px-4 text-base text-ink placeholder:text-ink-faint',
    'transition-[border-color,box-shadow] duration-150 outline-none',
    'focus:border-accent focus:ring-4 focus:ring-accent/15',
    'disabled:cursor-not-allowed disabled:bg-sunken disabled:text-ink-faint',
    invalid ? 'border-danger focus:border-danger focus:ring-danger/15' : 'border-line-strong hover:border-ink-faint',
    extra,
  );

export function Input({ invalid, className, ref, ...rest }: InputProps) {
  return <input ref={ref} aria-invalid={invalid || undefined} className={inputClasses(invalid, className)} {...rest} />;
}
