import clsx from 'clsx';
import { LIMITS } from '@meld/shared';
import { useEffect, useRef, useState } from 'react';

interface InlineTitleInputProps {
  initial: string;
  label: string;
  /** Called once with the trimmed title (possibly empty) on Enter or blur. */
  onSave: (title: string) => void;
  onCancel: () => void;
  className?: string;
}

/** Inline rename (spec 000 section 4): Enter or blur saves, Escape cancels. */
export function InlineTitleInput({ initial, label, onSave, onCancel, className }: InlineTitleInputProps) {
  const [value, setValue] = useState(initial);
  const ref = useRef<HTMLInputElement>(null);
  // Enter saves and then unmounts the input, which blurs it: the second event must not save again.
  const settled = useRef(false);

  useEffect(() => {
    ref.current?.focus();
    ref.current?.select();
  }, []);

  const finish = (save: boolean) => {
    if (settled.current) return;
    settled.current = true;
    if (save) onSave(value.trim());
    else onCancel();
  };

  return (
    <input
      ref={ref}
      aria-label={label}
      value={value}
      maxLength={LIMITS.conversationTitleMax}
      onChange={(event) => setValue(event.target.value)}
      onBlur={() => finish(true)}
      onKeyDown={(event) => {
        if (event.nativeEvent.isComposing) return;
        if (event.key === 'Enter') {
          event.preventDefault();
          finish(true);
        } else if (event.key === 'Escape') {
          event.preventDefault();
          event.stopPropagation();
          finish(false);
        }
      }}
      className={clsx('w-full min-w-0 rounded-md border border-accent bg-surface px-2 text-ink ring-4 ring-accent/15 outline-none', className)}
    />
  );
}
