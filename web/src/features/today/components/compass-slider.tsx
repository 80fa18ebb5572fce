import { COMPASS } from '@meld/shared';
import { useId } from 'react';

interface CompassSliderProps {
  label: string;
  value: number;
  /** The word for the value ("Great", "Focused"). */
  valueLabel: string;
  onChange: (value: number) => void;
}

/** One 0-100 slider in steps of 5, its word and number read aloud with it. */
export function CompassSlider({ label, value, valueLabel, onChange }: CompassSliderProps) {
  const id = useId();
  return (
    <div>
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={id} className="text-sm font-medium tracking-wide text-ink-soft uppercase">
          {label}
        </label>
        <p className="font-serif text-xl text-ink" aria-hidden="true">
          {valueLabel} <span className="text-sm text-ink-faint tabular-nums">{value}</span>
        </p>
      </div>
      <input
        id={id}
        type="range"
        min={COMPASS.sliderMin}
        max={COMPASS.sliderMax}
        step={COMPASS.sliderStep}
        value={value}
        aria-valuetext={`${valueLabel}, ${value}`}
        onChange={(event) => onChange(Number(event.target.value))}
        className="mt-3 h-2 w-full cursor-pointer accent-accent"
      />
    </div>
  );
}
