import clsx from 'clsx';
import type { ReactNode } from 'react';

export type AlertTone = 'error' | 'warning' | 'info' | 'success';

const tones: Record<AlertTone, string> = {
  error: 'border-danger-line bg-danger-soft text-danger',
  warning: 'border-sand/50 bg-warning-soft text-warning',
  info: 'border-line bg-sunken text-ink-soft',
  success: 'border-sage/40 bg-sage-soft text-sage',
};

const icons: Record<AlertTone, ReactNode> = {
  error: <path d="M10 6v5M10 14v.5" strokeLinecap="round" />,
  warning: <path d="M10 6v5M10 14v.5" strokeLinecap="round" />,
  info: <path d="M10 9v5M10 6v.5" strokeLinecap="round" />,
  success: <path d="m6.5 10.5 2.5 2.5 4.5-5" strokeLinecap="round" strokeLinejoin="round" />,
};

interface AlertProps {
  tone?: AlertTone;
  title?: ReactNode;
  children?: ReactNode;
  className?: string;
  /** Errors interrupt (role=alert); other tones are polite status messages. */
  live?: boolean;
}

export function Alert({ tone = 'error', title, children, className, live = true }: AlertProps) {
  const role = live ? (tone === 'error' ? 'alert' : 'status') : undefined;
  return (
    <div role={role} className={clsx('flex gap-3 rounded-xl border px-4 py-3 text-sm leading-relaxed', tones[tone], className)}>
      <svg viewBox="0 0 20 20" className="mt-0.5 size-4 shrink-0" fill="none" stroke="currentColor" strokeWidth="1.7" aria-hidden="true">
        <circle cx="10" cy="10" r="8" />
        {icons[tone]}
      </svg>
      <div className="min-w-0 flex-1">
        {title ? <p className="font-semibold">{title}</p> : null}
        {children ? <div className={clsx(title && 'mt-0.5')}>{children}</div> : null}
      </div>
    </div>
  );
}
