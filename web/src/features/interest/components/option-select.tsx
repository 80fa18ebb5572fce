import { DROPDOWN_SEARCH_THRESHOLD } from '@meld/shared';
import clsx from 'clsx';
import { inputClasses } from '@/components/ui/input.tsx';
import { SearchSelect } from './search-select.tsx';
import { Chevron, type OptionSelectProps } from './select-parts.tsx';

/** A pick from a list: a plain select, or a searchable list once there are more than ten options (spec 001 section 5). */
export function OptionSelect(props: OptionSelectProps) {
  if (props.options.length > DROPDOWN_SEARCH_THRESHOLD) return <SearchSelect {...props} />;
  const { control, name, options, value, placeholder, onChange, onBlur } = props;
  const { invalid, ...controlProps } = control;
  return (
    <div className="relative">
      <select
        {...controlProps}
        name={name}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        className={inputClasses(invalid, clsx('appearance-none pr-10', !value && 'text-ink-faint'))}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value} className="text-ink">
            {option.label}
          </option>
        ))}
      </select>
      <Chevron />
    </div>
  );
}
