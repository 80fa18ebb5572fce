import clsx from 'clsx';
import type { ReactNode } from 'react';

export interface ChoiceOption {
  id: string;
  label: string;
  description?: string;
}

interface ChoiceCardsProps {
  legend: ReactNode;
  /** Visually hide the legend when a heading above already names the group. */
  hideLegend?: boolean;
  options: readonly ChoiceOption[];
  value: readonly string[];
  onChange: (next: string[]) => void;
  className?: string;
}

/** Multi-select as a group of checkbox cards: keyboard and screen-reader friendly by construction. */
export function ChoiceCards({ legend, hideLegend, options, value, onChange, className }: ChoiceCardsProps) {
  const toggle = (id: string) => {
    onChange(value.includes(id) ? value.filter((item) => item !== id) : [...value, id]);
  };

  return (
    <fieldset className={className}>
      <legend className={clsx(hideLegend ? 'sr-only' : 'mb-2 text-sm font-medium text-ink')}>{legend}</legend>
      <div className="grid gap-2.5 sm:grid-cols-2">
        {options.map((option) => {
          const checked = value.includes(option.id);
          return (
            <label
              key={option.id}
              className={clsx(
                'group relative flex cursor-pointer gap-3 rounded-2xl border p-4 transition-[border-color,background-color,box-shadow] duration-150',
                'has-[:focus-visible]:ring-4 has-[:focus-visible]:ring-accent/20',
                checked ? 'border-accent bg-accent-soft/60' : 'border-line bg-surface hover:border-line-strong hover:bg-sunken/40',
              )}
            >
              <input type="checkbox" className="peer sr-only" checked={checked} onChange={() => toggle(option.id)} />
              <span
                aria-hidden="true"
                className={clsx(
                  'mt-0.5 grid size-5 shrink-0 place-items-center rounded-md border transition-colors',
                  checked ? 'border-accent bg-accent text-accent-contrast' : 'border-line-strong bg-surface',
                )}
              >
                {checked ? (
                  <svg viewBox="0 0 16 16" className="size-3.5">
                    <path d="m3.5 8.5 3 3 6-6.5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
                  </svg>
                ) : null}
              </span>
              <span className="min-w-0">
                <span className="block font-medium text-ink">{option.label}</span>
                {option.description ? <span className="mt-0.5 block text-sm leading-snug text-ink-soft">{option.description}</span> : null}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
