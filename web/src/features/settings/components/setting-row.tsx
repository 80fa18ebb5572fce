import type { ReactNode } from 'react';

interface SettingRowProps {
  /** The id of the visible label, so the control can say what it sets. */
  labelId?: string;
  label: ReactNode;
  hint?: ReactNode;
  /** A small control (a switch) stays beside its label on phones too. */
  inline?: boolean;
  children: ReactNode;
}

/** One line of a settings tab: what it is on the left, its control on the right. */
export function SettingRow({ labelId, label, hint, inline = false, children }: SettingRowProps) {
  return (
    <div className={inline ? 'flex items-center justify-between gap-4 py-5 sm:gap-6' : 'flex flex-col gap-3 py-5 sm:flex-row sm:items-center sm:justify-between sm:gap-6'}>
      <div className="min-w-0">
        <p id={labelId} className="text-[0.95rem] font-medium text-ink">
          {label}
        </p>
        {hint ? <p className="mt-0.5 text-sm text-ink-faint">{hint}</p> : null}
      </div>
      <div className="flex shrink-0 items-center gap-2">{children}</div>
    </div>
  );
}
