import type { FieldControlProps } from '@/components/ui/field.tsx';

export interface OptionSelectProps {
  control: FieldControlProps;
  name: string;
  label: string;
  /** Stored values and their shown labels, in order. */
  options: readonly { value: string; label: string }[];
  value: string;
  placeholder: string;
  onChange: (value: string) => void;
  onBlur: () => void;
}

/** The closed-list arrow both kinds of select show. */
export function Chevron() {
  return (
    <svg viewBox="0 0 20 20" className="pointer-events-none absolute top-1/2 right-4 size-4 -translate-y-1/2 text-ink-faint" fill="none" stroke="currentColor" strokeWidth="1.7" aria-hidden="true">
      <path d="m5.5 8 4.5 4.5L14.5 8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
