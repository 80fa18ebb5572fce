import clsx from 'clsx';
import { LIMITS } from '@meld/shared';
import { useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';

const LENGTH = LIMITS.twoFactorCodeLength;
const GROUP = LENGTH / 2;

interface CodeInputProps {
  /** Called with the digits typed so far, in order; six of them make a code. */
  onChange: (code: string) => void;
  disabled?: boolean;
  autoFocus?: boolean;
  invalid?: boolean;
}

/**
 * The six-digit code as two groups of three boxes (spec 001): typing moves on, Backspace moves
 * back, and pasting (or the phone's one-time-code autofill) spreads a whole code over the boxes.
 * To clear it, give it a new `key`.
 */
export function CodeInput({ onChange, disabled, autoFocus, invalid }: CodeInputProps) {
  const { t } = useTranslation();
  const [cells, setCells] = useState<string[]>(() => Array.from({ length: LENGTH }, () => ''));
  const refs = useRef<(HTMLInputElement | null)[]>([]);

  const focus = (index: number) => refs.current[Math.max(0, Math.min(LENGTH - 1, index))]?.focus();

  const fill = (from: number, digits: string) => {
    const next = [...cells];
    const chars = digits.replace(/\D/g, '').slice(0, LENGTH - from).split('');
    chars.forEach((digit, offset) => (next[from + offset] = digit));
    setCells(next);
    onChange(next.join(''));
    return from + chars.length;
  };

  const clear = (index: number) => {
    const next = cells.map((cell, position) => (position === index ? '' : cell));
    setCells(next);
    onChange(next.join(''));
  };

  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && !cells[index]) {
      event.preventDefault();
      clear(index - 1);
      focus(index - 1);
    } else if (event.key === 'ArrowLeft') {
      focus(index - 1);
    } else if (event.key === 'ArrowRight') {
      focus(index + 1);
    }
  };

  const onPaste = (index: number) => (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const digits = event.clipboardData.getData('text').replace(/\D/g, '');
    // A whole code fills from the first box wherever it is pasted.
    focus(fill(digits.length >= LENGTH ? 0 : index, digits));
  };

  const box = (index: number) => (
    <input
      key={index}
      ref={(element) => {
        refs.current[index] = element;
      }}
      value={cells[index]}
      onChange={(event) => {
        const digits = event.target.value.replace(/\D/g, '');
        if (!digits) return clear(index);
        // A typed digit replaces the box's own; more than one is an autofill of the whole code.
        const typed = digits.length > 1 && digits.length < LENGTH ? digits.slice(-1) : digits;
        focus(fill(typed.length >= LENGTH ? 0 : index, typed));
      }}
      onKeyDown={onKeyDown(index)}
      onPaste={onPaste(index)}
      onFocus={(event) => event.target.select()}
      inputMode="numeric"
      autoComplete={index === 0 ? 'one-time-code' : 'off'}
      pattern="[0-9]*"
      aria-label={t('twoFactor.entry.digitLabel', { position: String(index + 1), total: String(LENGTH) })}
      aria-invalid={invalid || undefined}
      disabled={disabled}
      autoFocus={autoFocus && index === 0}
      className={clsx(
        'h-14 w-11 rounded-xl border bg-surface text-center font-serif text-2xl font-semibold text-ink tabular-nums sm:w-12',
        'transition-[border-color,box-shadow] duration-150 outline-none focus:border-accent focus:ring-4 focus:ring-accent/15',
        'disabled:cursor-not-allowed disabled:bg-sunken disabled:text-ink-faint',
        invalid ? 'border-danger' : 'border-line-strong hover:border-ink-faint',
      )}
    />
  );

  return (
    <div role="group" aria-label={t('twoFactor.entry.codeLabel')} className="flex items-center justify-center gap-2 sm:gap-3">
      <div className="flex gap-2">{Array.from({ length: GROUP }, (_, index) => box(index))}</div>
      <span aria-hidden="true" className="h-0.5 w-3 rounded-full bg-line-strong" />
      <div className="flex gap-2">{Array.from({ length: GROUP }, (_, index) => box(GROUP + index))}</div>
    </div>
  );
}
