import { useState } from 'react';
import { inputClasses } from '@/components/ui/input.tsx';
import { useDebouncedValue } from '@/lib/use-debounced-value.ts';

/** Settings and archive searches wait this long after the last keystroke (spec 000 section 9). */
export const SEARCH_DEBOUNCE_MS = 300;

/** The typed text and the trimmed, settled text a table query uses. */
export function useTableSearch() {
  const [text, setText] = useState('');
  const settled = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  return { text, setText, settled };
}

/** The search box above a settings table. */
export function SearchField({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  return (
    <div className="relative">
      <svg viewBox="0 0 20 20" className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-ink-faint" fill="none" stroke="currentColor" strokeWidth="1.7" aria-hidden="true">
        <circle cx="9" cy="9" r="5.5" />
        <path d="m13.5 13.5 3 3" strokeLinecap="round" />
      </svg>
      <input type="search" aria-label={label} placeholder={label} value={value} onChange={(event) => onChange(event.target.value)} className={inputClasses(false, 'h-11 pl-10 text-[0.95rem]')} />
    </div>
  );
}
