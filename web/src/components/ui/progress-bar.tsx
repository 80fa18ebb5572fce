import clsx from 'clsx';

interface ProgressBarProps {
  value: number;
  max: number;
  label: string;
  /** Spoken value, e.g. "Step 2 of 7". */
  valueText?: string;
  className?: string;
}

export function ProgressBar({ value, max, label, valueText, className }: ProgressBarProps) {
  const percent = Math.min(100, Math.max(0, (value / max) * 100));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={value}
      aria-valuetext={valueText}
      className={clsx('h-1.5 w-full overflow-hidden rounded-full bg-sunken', className)}
    >
      <div className="h-full rounded-full bg-accent transition-[width] duration-500 ease-out" style={{ width: `${percent}%` }} />
    </div>
  );
}
