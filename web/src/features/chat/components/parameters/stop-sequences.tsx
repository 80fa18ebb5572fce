import { useId, useState } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';

interface StopSequencesProps {
  value: readonly string[];
  max: number;
  onChange: (value: string[]) => void;
}

/** Stop sequences as chips: Enter adds one (up to `max`), × removes it. */
export function StopSequences({ value, max, onChange }: StopSequencesProps) {
  const { t } = useTranslation();
  const id = useId();
  const [draft, setDraft] = useState('');
  const full = value.length >= max;

  const add = () => {
    if (!draft || full || value.includes(draft)) return;
    onChange([...value, draft]);
    setDraft('');
  };

  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {t('composer.parameters.stop')}
      </label>
      {value.length ? (
        <ul className="flex flex-wrap gap-1.5">
          {value.map((sequence) => (
            <li key={sequence} className="inline-flex max-w-full items-center gap-1 rounded-full border border-line bg-canvas py-0.5 pr-1 pl-3 font-mono text-xs text-ink-soft">
              <span className="truncate">{sequence}</span>
              <button
                type="button"
                onClick={() => onChange(value.filter((other) => other !== sequence))}
                aria-label={t('composer.parameters.stopRemove', { sequence })}
                className="grid size-5 shrink-0 place-items-center rounded-full text-ink-faint hover:bg-sunken hover:text-ink"
              >
                <svg viewBox="0 0 16 16" className="size-2.5" aria-hidden="true">
                  <path d="m4 4 8 8M12 4l-8 8" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
                </svg>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <input
        id={id}
        value={draft}
        disabled={full}
        maxLength={1000}
        placeholder={t('composer.parameters.stopAdd')}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={(event) => {
          if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
          event.preventDefault();
          add();
        }}
        onBlur={add}
        className="h-9 rounded-lg border border-line bg-canvas px-3 text-sm text-ink placeholder:text-ink-faint focus:border-accent focus:ring-4 focus:ring-accent/10 focus:outline-none disabled:opacity-60"
      />
      <p className="text-xs text-ink-faint">{t('composer.parameters.stopHint', { max: String(max) })}</p>
    </div>
  );
}
