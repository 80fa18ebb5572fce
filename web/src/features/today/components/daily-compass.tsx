import { COMPASS, energyLabel, moodLabel } from '@meld/shared';
import { useRef, useState } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { Alert } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { newRequestIds, useSaveCompass, type CompassDraft, type CompassIds } from '../api/compass-mutations.ts';
import type { CompassDay } from '../api/today-queries.ts';
import { hasCompass, isEveningOpen } from '../lib/day-rules.ts';
import { CompassJournal } from './compass-journal.tsx';
import { CompassSlider } from './compass-slider.tsx';
import { CompassSummary } from './compass-summary.tsx';
import { SegmentCard } from './segment-card.tsx';
import { StreakBadge } from './streak-badge.tsx';

interface DailyCompassProps {
  date: string;
  /** The day's long form, for the "no data" message. */
  dateLabel: string;
  isToday: boolean;
  now: Date;
  day: CompassDay | undefined;
  streak: number;
  status: 'pending' | 'error' | 'success';
}

type Step = 'view' | 'sliders' | 'journal';

const idsOf = (day: CompassDay | undefined): CompassIds => ({
  mood: day?.moodInteractionId ?? null,
  energy: day?.energyInteractionId ?? null,
  note: day?.noteInteractionId ?? null,
});

/** The morning compass: sliders, then a journal entry, then the day's summary (spec 002 section 4). */
export function DailyCompass({ date, dateLabel, isToday, now, day, streak, status }: DailyCompassProps) {
  const { t } = useTranslation();
  const save = useSaveCompass(date);
  const [step, setStep] = useState<Step>('view');
  const [draft, setDraft] = useState<CompassDraft>({ mood: COMPASS.defaultMood, energy: COMPASS.defaultEnergy, note: '' });
  // The ids this editing session writes to; null until a save or an Edit reads them from the day.
  const [ids, setIds] = useState<CompassIds | null>(null);
  const requestIds = useRef(newRequestIds());

  const done = hasCompass(day);
  // Today's morning with nothing saved opens straight on the sliders.
  const current: Step = step === 'view' && status === 'success' && isToday && !done && !isEveningOpen(now) ? 'sliders' : step;

  const startEditing = () => {
    setDraft({ mood: day?.mood ?? COMPASS.defaultMood, energy: day?.energy ?? COMPASS.defaultEnergy, note: day?.note ?? '' });
    setIds(idsOf(day));
    requestIds.current = newRequestIds();
    setStep('sliders');
  };

  // Editing a saved morning (or one started by hand) can be left as it was; the morning's first,
  // automatic opening has nothing to go back to.
  const cancel = step === 'view' ? undefined : () => (setStep('view'), setIds(null));

  const submit = (next: Step, withNote: boolean) =>
    save.mutate(
      { draft: withNote ? draft : { ...draft, note: '' }, ids: ids ?? idsOf(day), requestIds: requestIds.current },
      {
        onSuccess: (saved) => {
          setIds(next === 'view' ? null : saved);
          if (next === 'view') requestIds.current = newRequestIds();
          setStep(next);
        },
      },
    );

  let body;
  if (status === 'pending') {
    body = (
      <p className="flex items-center gap-2 text-ink-soft" role="status">
        <Spinner /> {t('today.compass.loading')}
      </p>
    );
  } else if (status === 'error') {
    body = <Alert>{t('today.compass.loadFailed')}</Alert>;
  } else if (current === 'sliders') {
    body = (
      <div className="space-y-7">
        <CompassSlider label={t('today.compass.mood')} value={draft.mood} valueLabel={t(`today.compass.moodLabels.${moodLabel(draft.mood)}`)} onChange={(mood) => setDraft({ ...draft, mood })} />
        <CompassSlider
          label={t('today.compass.energy')}
          value={draft.energy}
          valueLabel={t(`today.compass.energyLabels.${energyLabel(draft.energy)}`)}
          onChange={(energy) => setDraft({ ...draft, energy })}
        />
        <div className="flex flex-wrap justify-end gap-3">
          {cancel ? (
            <Button variant="secondary" onClick={cancel} disabled={save.isPending}>
              {t('today.compass.cancel')}
            </Button>
          ) : null}
          <Button onClick={() => submit('journal', false)} loading={save.isPending}>
            {t('today.compass.saveAndBegin')}
          </Button>
        </div>
      </div>
    );
  } else if (current === 'journal') {
    body = <CompassJournal note={draft.note} saving={save.isPending} onChange={(note) => setDraft({ ...draft, note })} onSave={() => submit('view', true)} onCancel={cancel} />;
  } else if (done && day) {
    body = <CompassSummary mood={day.mood ?? COMPASS.defaultMood} energy={day.energy ?? COMPASS.defaultEnergy} note={day.note} onEdit={isToday ? startEditing : undefined} />;
  } else if (isToday) {
    body = (
      <div>
        <p className="text-ink-soft">{t('today.compass.missedMorning')}</p>
        <Button variant="secondary" size="sm" className="mt-4" onClick={startEditing}>
          {t('today.compass.setNow')}
        </Button>
      </div>
    );
  } else {
    body = <p className="text-ink-soft">{t('today.compass.noData', { date: dateLabel })}</p>;
  }

  return (
    <SegmentCard id="daily-compass" title={t('today.compass.title')} eyebrow={t('today.compass.eyebrow')} aside={<StreakBadge streak={streak} />}>
      {body}
    </SegmentCard>
  );
}
