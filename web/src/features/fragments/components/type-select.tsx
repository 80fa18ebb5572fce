import { FRAGMENT_TYPES, type FragmentType } from '@meld/shared';
import { useTranslation } from '@/lib/use-translation.ts';
import { inputClasses } from '@/components/ui/input.tsx';

interface TypeSelectProps {
  id?: string;
  value: FragmentType;
  onChange: (type: FragmentType) => void;
  className?: string;
  disabled?: boolean;
  'aria-describedby'?: string;
}

export function TypeSelect({ value, onChange, className, ...rest }: TypeSelectProps) {
  const { t } = useTranslation();
  return (
    <select {...rest} value={value} onChange={(event) => onChange(event.target.value as FragmentType)} className={inputClasses(false, className ?? 'h-11 text-sm')}>
      {FRAGMENT_TYPES.map((type) => (
        <option key={type} value={type}>
          {t(`fragments.types.${type}`)}
        </option>
      ))}
    </select>
  );
}
