import { WIN_LIMITS } from '@meld/shared';
import { useTranslation } from '@/lib/use-translation.ts';
import { Button } from '@/components/ui/button.tsx';
import { CloseButton } from '@/components/ui/close-button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { PlusIcon } from './plus-icon.tsx';

interface ImpactFieldsProps {
  points: string[];
  onChange: (points: string[]) => void;
}

/** Up to three impact points (spec 002 section 5); the add button goes once three are there. */
export function ImpactFields({ points, onChange }: ImpactFieldsProps) {
  const { t } = useTranslation();
  const set = (index: number, value: string) => onChange(points.map((point, at) => (at === index ? value : point)));
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="text-sm font-medium text-ink">
        {t('wins.form.impact')}
        <span className="ml-1.5 font-normal text-ink-faint">({t('wins.form.impactHint', { max: String(WIN_LIMITS.impactMax) })})</span>
      </legend>
      {points.map((point, index) => (
        <div key={index} className="flex items-center gap-2">
          <Input
            value={point}
            maxLength={WIN_LIMITS.impactPointMax}
            aria-label={t('wins.form.impactPoint', { number: String(index + 1) })}
            onChange={(event) => set(index, event.target.value)}
            className="h-11"
          />
          <CloseButton
            label={t('wins.form.removeImpact', { number: String(index + 1) })}
            onClick={() => onChange(points.filter((_, at) => at !== index))}
            className="size-9 shrink-0 hover:bg-sunken"
          />
        </div>
      ))}
      {points.length < WIN_LIMITS.impactMax ? (
        <Button variant="quiet" size="sm" className="self-start" onClick={() => onChange([...points, ''])}>
          <PlusIcon />
          {t('wins.form.addImpact')}
        </Button>
      ) : null}
    </fieldset>
  );
}
