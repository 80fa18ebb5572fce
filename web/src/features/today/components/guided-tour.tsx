import { useEffect, useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { Button } from '@/components/ui/button.tsx';
import { CloseButton } from '@/components/ui/close-button.tsx';
import { useModelAvailability } from '@/lib/config-queries.ts';

export type TourName = 'checkin' | 'mentor';

/** Each step spotlights one area of the page; a step without a target is a centred welcome. */
type StepKey = 'welcome' | 'compass' | 'evening' | 'plus' | 'mentor' | 'help';
/** `instantHelp`: the step shows only when the plus menu offers instant help (a real model answers it). */
const TOURS: Record<TourName, { key: StepKey; target?: string; instantHelp?: true }[]> = {
  checkin: [{ key: 'welcome' }, { key: 'compass', target: '#daily-compass' }, { key: 'evening', target: '#evening-checkin' }, { key: 'plus', target: '[data-tour="plus-menu"]' }],
  mentor: [{ key: 'mentor', target: '#evening-checkin' }, { key: 'help', target: '[data-tour="plus-menu"]', instantHelp: true }],
};

export const isTourName = (value: string | null): value is TourName => value === 'checkin' || value === 'mentor';

const CARD_WIDTH = 340;
const GAP = 14;

function useTargetRect(selector: string | undefined): DOMRect | null {
  const [measured, setMeasured] = useState<{ selector: string; rect: DOMRect } | null>(null);
  useLayoutEffect(() => {
    const element = selector ? document.querySelector(selector) : null;
    if (!selector || !element) return;
    element.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
    const measure = () => setMeasured({ selector, rect: element.getBoundingClientRect() });
    const frame = requestAnimationFrame(measure);
    window.addEventListener('scroll', measure, true);
    window.addEventListener('resize', measure);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', measure, true);
      window.removeEventListener('resize', measure);
    };
  }, [selector]);
  return measured && measured.selector === selector ? measured.rect : null;
}

/** Below the spotlight when it fits, else above it; centred when there is nothing to point at. */
function cardPosition(rect: DOMRect | null): CSSProperties {
  const width = Math.min(CARD_WIDTH, window.innerWidth - 2 * GAP);
  if (!rect) return { width, left: (window.innerWidth - width) / 2, top: '30%' };
  const left = Math.min(Math.max(GAP, rect.left), window.innerWidth - width - GAP);
  const below = rect.bottom + GAP;
  return below + 200 < window.innerHeight ? { width, left, top: below } : { width, left, bottom: Math.max(GAP, window.innerHeight - rect.top + GAP) };
}

/** ?tour=checkin|mentor: a short step-by-step overlay; Escape, Skip or the last step closes it. */
export function GuidedTour({ tour, name, onClose }: { tour: TourName; name: string; onClose: () => void }) {
  const { t } = useTranslation();
  const instantHelp = useModelAvailability().chat;
  const steps = TOURS[tour].filter((candidate) => instantHelp || !candidate.instantHelp);
  const [index, setIndex] = useState(0);
  const step = steps[index]!;
  const rect = useTargetRect(step.target);
  const dialogRef = useRef<HTMLDivElement>(null);
  const last = index === steps.length - 1;

  useEffect(() => dialogRef.current?.querySelector<HTMLButtonElement>('[data-tour-next]')?.focus(), [index]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);

  const pad = 8;
  return (
    <div className="fixed inset-0 z-40">
      {rect ? (
        <div
          aria-hidden="true"
          className="pointer-events-none fixed rounded-3xl shadow-[0_0_0_9999px_rgb(28_22_18/0.45)] ring-2 ring-accent transition-all duration-300 dark:shadow-[0_0_0_9999px_rgb(0_0_0/0.62)]"
          style={{ left: rect.left - pad, top: rect.top - pad, width: rect.width + 2 * pad, height: rect.height + 2 * pad }}
        />
      ) : (
        <div aria-hidden="true" className="fixed inset-0 bg-ink/35 dark:bg-black/55" />
      )}
      <div
        ref={dialogRef}
        role="dialog"
        aria-labelledby="tour-title"
        aria-describedby="tour-body"
        className="fixed animate-slide-up rounded-2xl border border-line bg-surface p-5 shadow-lift"
        style={cardPosition(rect)}
      >
        <div className="flex items-start justify-between gap-3">
          <p className="text-xs font-medium tracking-wider text-accent uppercase">{t('today.tour.progress', { step: String(index + 1), total: String(steps.length) })}</p>
          <CloseButton onClick={onClose} label={t('today.tour.skip')} />
        </div>
        <h2 id="tour-title" className="mt-1 text-xl font-semibold text-ink">
          {t(`today.tour.steps.${step.key}.title`, { name })}
        </h2>
        <p id="tour-body" className="mt-2 leading-relaxed text-ink-soft">
          {t(`today.tour.steps.${step.key}.body`, { context: instantHelp ? undefined : 'withoutHelp' })}
        </p>
        <div className="mt-5 flex items-center justify-between gap-2">
          {index > 0 ? (
            <Button variant="ghost" size="sm" onClick={() => setIndex(index - 1)}>
              {t('today.tour.back')}
            </Button>
          ) : (
            <span />
          )}
          <Button data-tour-next size="sm" onClick={() => (last ? onClose() : setIndex(index + 1))}>
            {last ? t('today.tour.done') : t('today.tour.next')}
          </Button>
        </div>
      </div>
    </div>
  );
}
