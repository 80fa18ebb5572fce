import { LIMITS } from '@meld/shared';
import clsx from 'clsx';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import type { FieldControlProps } from '@/components/ui/field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { suggestStates } from '../../lib/state-suggestions.ts';

interface StateComboboxProps {
  control: FieldControlProps;
  value: string;
  onChange: (value: string) => void;
}

/** Free text with up to five US state suggestions (ARIA combobox with a list popup). */
export function StateCombobox({ control, value, onChange }: StateComboboxProps) {
  const { t } = useTranslation();
  const { invalid, ...inputProps } = control;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const suggestions = open ? suggestStates(value) : [];
  const listId = `${control.id}-suggestions`;
  const expanded = suggestions.length > 0;

  const choose = (state: string) => {
    onChange(state);
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!expanded) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current + step + suggestions.length) % suggestions.length);
    } else if (event.key === 'Enter' && active >= 0) {
      // Picking a suggestion must not also advance the wizard.
      event.preventDefault();
      event.stopPropagation();
      choose(suggestions[active]!);
    } else if (event.key === 'Escape') {
      event.stopPropagation();
      setOpen(false);
    }
  };

  return (
    <div className="relative">
      <Input
        {...inputProps}
        invalid={invalid}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
        autoComplete="address-level1"
        maxLength={LIMITS.stateMax}
        placeholder={t('register.fields.statePlaceholder')}
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label={t('register.fields.stateSuggestions')}
        hidden={!expanded}
        className="absolute inset-x-0 top-full z-20 mt-1.5 overflow-hidden rounded-xl border border-line bg-surface py-1 shadow-lift"
      >
        {suggestions.map((state, index) => (
          <li
            key={state}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            // mousedown, not click: it fires before the input's blur closes the list.
            onMouseDown={(event) => {
              event.preventDefault();
              choose(state);
            }}
            className={clsx('cursor-pointer px-4 py-2 text-ink', index === active ? 'bg-accent-soft' : 'hover:bg-sunken')}
          >
            {state}
          </li>
        ))}
      </ul>
    </div>
  );
}
