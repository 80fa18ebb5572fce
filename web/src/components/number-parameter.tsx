import clsx from 'clsx';
import { useId, useState } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';

interface NumberParameterProps {
  label: string;
  min: number;
  max: number;
  step: number;
  /** The value shown; null when the model decides and its default is not known (shown as "Model default"). */
  value: number | null;
  onChange: (value: number) => void;
  /** Where the faded thumb sits while the value is null; mid-way unless the caller knows better (an output cap: the top). */
  unsetAt?: number;
}

const decimals = (step: number) => (step >= 1 ? 0 : String(step).split('.')[1]?.length ?? 2);

/**
 * A slider and a number box for one parameter. Typing outside the range is pulled back to the
 * nearest end when the box loses focus, so a value outside the range can never be kept.
 */
export function NumberParameter({ label, min, max, step, value, onChange, unsetAt }: NumberParameterProps) {
  const { t } = useTranslation();
  const id = useId();
  // What is typed while the box has focus; otherwise the box shows the value.
  const [typing, setTyping] = useState<string | null>(null);
  const draft = typing ?? (value === null ? '' : String(value));

  const commit = (raw: string) => {
    const parsed = Number(raw);
    setTyping(null);
    if (raw.trim() === '' || !Number.isFinite(parsed)) return;
    const fitted = Number(Math.min(max, Math.max(min, parsed)).toFixed(decimals(step)));
    if (fitted !== value) onChange(fitted);
  };

  return (
    <div className="grid grid-cols-[1fr_auto] items-center gap-x-3 gap-y-1.5">
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
      </label>
      <input
        id={id}
        type="number"
        inputMode="decimal"
        min={min}
        max={max}
        step={step}
        value={draft}
        placeholder={t('composer.parameters.auto')}
        onChange={(event) => {
          setTyping(event.target.value);
          const parsed = Number(event.target.value);
          if (event.target.value.trim() !== '' && Number.isFinite(parsed) && parsed >= min && parsed <= max) onChange(parsed);
        }}
        onBlur={(event) => commit(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            commit(event.currentTarget.value);
          }
        }}
        className="h-8 w-32 rounded-lg border border-line bg-canvas px-2 text-right text-sm text-ink tabular-nums placeholder:text-ink-faint focus:border-accent focus:ring-4 focus:ring-accent/10 focus:outline-none"
      />
      <input
        type="range"
        aria-label={label}
        min={min}
        max={max}
        step={step}
        value={value ?? unsetAt ?? min + (max - min) / 2}
        onChange={(event) => onChange(Number(event.target.value))}
        // Left to the model: the thumb sits faded, until the user sets a value.
        className={clsx('col-span-2 h-1.5 w-full cursor-pointer accent-[var(--accent)]', value === null && 'opacity-40')}
      />
      <p className="col-span-2 text-xs text-ink-faint">{t('composer.parameters.range', { min: min.toLocaleString(), max: max.toLocaleString() })}</p>
    </div>
  );
}
