import clsx from 'clsx';

interface SwitchProps {
  checked: boolean;
  onChange: (next: boolean) => void;
  /** The id of the visible text naming it (a settings row), or… */
  labelledBy?: string;
  /** …its accessible name when nothing visible names it. */
  label?: string;
  describedBy?: string;
  disabled?: boolean;
}

/** An on/off switch (ARIA switch): settings rows, the Roles tab, the temporary-chat toggle. */
export function Switch({ checked, onChange, labelledBy, label, describedBy, disabled }: SwitchProps) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-labelledby={labelledBy}
      aria-label={label}
      aria-describedby={describedBy}
      disabled={disabled}
      onClick={() => onChange(!checked)}
      className={clsx(
        'relative inline-flex h-7 w-12 shrink-0 items-center rounded-full border transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus disabled:cursor-not-allowed disabled:opacity-60',
        checked ? 'border-accent bg-accent' : 'border-line-strong bg-sunken',
      )}
    >
      <span aria-hidden="true" className={clsx('size-5 rounded-full bg-surface shadow-soft transition-transform', checked ? 'translate-x-6' : 'translate-x-1')} />
    </button>
  );
}
