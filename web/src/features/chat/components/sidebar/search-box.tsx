import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { useLocation, useNavigate } from 'react-router-dom';
import { useDebouncedValue } from '@/lib/use-debounced-value.ts';

/** Spec 000 section 9: the sidebar search is debounced 500 ms. */
export const SEARCH_DEBOUNCE_MS = 500;

export function searchPath(text: string): string {
  return `/search?q=${encodeURIComponent(text.trim())}`;
}

/**
 * Typing goes to /search?q=…; emptying the box, or Backspace in an empty box, returns to
 * /c/new. Only the user's typing navigates: arriving on a page never does.
 */
export function SearchBox({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [value, setValue] = useState(() => (location.pathname === '/search' ? (new URLSearchParams(location.search).get('q') ?? '') : ''));
  const typed = useRef(false);
  const settled = useDebouncedValue(value, SEARCH_DEBOUNCE_MS);

  useEffect(() => {
    if (!typed.current) return;
    typed.current = false;
    const text = settled.trim();
    void navigate(text ? searchPath(text) : '/c/new');
  }, [settled, navigate]);

  return (
    <div className="relative px-3 pb-2">
      <svg viewBox="0 0 20 20" className="pointer-events-none absolute top-1/2 left-6 size-4 -translate-y-[calc(50%+4px)] text-ink-faint" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" aria-hidden="true">
        <circle cx="9" cy="9" r="5.5" />
        <path d="m13.5 13.5 3 3" />
      </svg>
      <input
        type="search"
        aria-label={t('chat.search.label')}
        placeholder={t('chat.search.placeholder')}
        value={value}
        onChange={(event) => {
          typed.current = true;
          setValue(event.target.value);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Backspace' && value === '') {
            typed.current = false;
            void navigate('/c/new');
            onNavigate();
          } else if (event.key === 'Enter' && value.trim()) {
            onNavigate();
          }
        }}
        className="h-9 w-full rounded-lg border border-line bg-canvas pr-3 pl-9 text-sm text-ink placeholder:text-ink-faint focus:border-accent focus:ring-4 focus:ring-accent/15 focus:outline-none"
      />
    </div>
  );
}
