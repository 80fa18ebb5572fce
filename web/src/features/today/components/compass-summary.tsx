import { energyLabel, moodLabel } from '@meld/shared';
import { useTranslation } from '@/lib/use-translation.ts';
import { Button } from '@/components/ui/button.tsx';

interface CompassSummaryProps {
  mood: number;
  energy: number;
  note: string | null;
  /** Only today's compass can be edited. */
  onEdit?: () => void;
}

function Reading({ label, word, value }: { label: string; word: string; value: number }) {
  return (
    <div className="rounded-xl border border-line bg-canvas/60 px-4 py-3">
      <dt className="text-xs font-medium tracking-wider text-ink-faint uppercase">{label}</dt>
      <dd className="mt-1 flex items-baseline gap-2">
        <span className="font-serif text-2xl text-ink">{word}</span>
        <span className="text-sm text-ink-faint tabular-nums">{value}</span>
      </dd>
      <div className="mt-3 h-1.5 overflow-hidden rounded-full bg-sunken" aria-hidden="true">
        <div className="h-full rounded-full bg-gradient-to-r from-sand to-accent" style={{ width: `${value}%` }} />
      </div>
    </div>
  );
}

/** The saved compass of a day: the two readings and the morning note. */
export function CompassSummary({ mood, energy, note, onEdit }: CompassSummaryProps) {
  const { t } = useTranslation();
  return (
    <div>
      <dl className="grid grid-cols-2 gap-3">
        <Reading label={t('today.compass.mood')} word={t(`today.compass.moodLabels.${moodLabel(mood)}`)} value={mood} />
        <Reading label={t('today.compass.energy')} word={t(`today.compass.energyLabels.${energyLabel(energy)}`)} value={energy} />
      </dl>
      {note ? <p className="mt-4 leading-relaxed whitespace-pre-line text-ink-soft">{note}</p> : null}
      {onEdit ? (
        <Button variant="secondary" size="sm" className="mt-5" onClick={onEdit}>
          {t('today.compass.edit')}
        </Button>
      ) : null}
    </div>
  );
}
