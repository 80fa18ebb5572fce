import clsx from 'clsx';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { Input } from '@/components/ui/input.tsx';
import { Chevron, type OptionSelectProps } from './select-parts.tsx';

/**
 * A long option list as an ARIA combobox: typing filters the options (case-insensitive, anywhere
 * in the label); arrows, Enter and a click pick; Escape or leaving closes. Emptying the text and
 * leaving clears the choice.
 */
export function SearchSelect({ control, name, label, options, value, onChange, onBlur }: OptionSelectProps) {
  const { t } = useTranslation();
  const { invalid, ...inputProps } = control;
  const [query, setQuery] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const selected = options.find((option) => option.value === value);
  const needle = (query ?? '').trim().toLowerCase();
  const matches = needle ? options.filter((option) => option.label.toLowerCase().includes(needle)) : options;
  const listId = `${control.id}-options`;
  const optionId = (index: number) => `${listId}-${index}`;

  const choose = (next: string) => {
    onChange(next);
    setQuery(null);
    setOpen(false);
    setActive(-1);
  };

  const move = (step: 1 | -1) => {
    setOpen(true);
    const next = matches.length ? (active + step + matches.length) % matches.length : -1;
    setActive(next);
    document.getElementById(optionId(next))?.scrollIntoView?.({ block: 'nearest' });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      move(event.key === 'ArrowDown' ? 1 : -1);
    } else if (event.key === 'Enter' && open) {
      // Picking must not submit the form.
      event.preventDefault();
      const pick = matches[active] ?? (matches.length === 1 ? matches[0] : undefined);
      if (pick) choose(pick.value);
    } else if (event.key === 'Escape' && open) {
      event.stopPropagation();
      setOpen(false);
      setQuery(null);
    }
  };

  return (
    <div className="relative">
      <Input
        {...inputProps}
        name={name}
        invalid={invalid}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
        autoComplete="off"
        placeholder={t('interest.search.placeholder')}
        className="pr-10"
        value={query ?? selected?.label ?? ''}
        onClick={() => setOpen(true)}
        onChange={(event) => {
          setQuery(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onBlur={() => {
          if (query !== null && query.trim() === '') onChange('');
          setOpen(false);
          setQuery(null);
          onBlur();
        }}
        onKeyDown={onKeyDown}
      />
      <Chevron />
      <ul
        id={listId}
        role="listbox"
        aria-label={t('interest.search.options', { label })}
        hidden={!open}
        className="absolute inset-x-0 top-full z-20 mt-1.5 max-h-64 overflow-y-auto rounded-xl border border-line bg-surface py-1 shadow-lift"
      >
        {matches.map((option, index) => (
          <li
            key={option.value}
            id={optionId(index)}
            role="option"
            aria-selected={option.value === value}
            // mousedown, not click: it fires before the input's blur closes the list.
            onMouseDown={(event) => {
              event.preventDefault();
              choose(option.value);
            }}
            className={clsx(
              'cursor-pointer px-4 py-2 text-ink',
              index === active ? 'bg-accent-soft' : 'hover:bg-sunken',
              option.value === value && 'font-medium text-accent',
            )}
          >
            {option.label}
          </li>
        ))}
        {matches.length === 0 ? <li className="px-4 py-2 text-ink-faint">{t('interest.search.noMatches')}</li> : null}
      </ul>
    </div>
  );
}
