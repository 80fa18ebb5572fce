import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { SettingRow } from './setting-row.tsx';

const SAVE_AFTER_MS = 400;

interface SpeechRangeProps {
  label: ReactNode;
  hint: ReactNode;
  value: number;
  min: number;
  max: number;
  step: number;
  /** What the value reads as beside the slider (seconds, dB, ×). */
  format: (value: number) => string;
  onSave: (value: number) => void;
  /** A double-click puts the slider back to this value and saves it at once. */
  resetTo?: number;
}

/**
 * A slider row that follows the hand at once and saves once it has settled, so dragging across
 * the range sends one change, not one per step.
 */
export function SpeechRange({ label, hint, value, min, max, step, format, onSave, resetTo }: SpeechRangeProps) {
  const labelId = useId();
  // The hand's value until it is saved; then the setting's (already changed by the optimistic update).
  const [draft, setDraft] = useState<number | null>(null);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const shown = draft ?? value;

  const change = (next: number, delayMs: number) => {
    setDraft(next);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      if (next !== value) onSave(next);
      setDraft(null);
    }, delayMs);
  };

  return (
    <SettingRow labelId={labelId} label={label} hint={hint}>
      <input
        type="range"
        aria-labelledby={labelId}
        aria-valuetext={format(shown)}
        min={min}
        max={max}
        step={step}
        value={shown}
        onChange={(event) => change(Number(event.target.value), SAVE_AFTER_MS)}
        onDoubleClick={resetTo === undefined ? undefined : () => change(resetTo, 0)}
        className="h-2 w-40 cursor-pointer accent-accent"
      />
      <output aria-hidden="true" className="w-14 text-right text-sm text-ink-soft tabular-nums">
        {format(shown)}
      </output>
    </SettingRow>
  );
}
