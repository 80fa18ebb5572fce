import clsx from 'clsx';
import { useTranslation } from '@/lib/use-translation.ts';
import { Button } from '@/components/ui/button.tsx';
import type { RecorderStatus } from '../lib/recorder-machine.ts';

function clock(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

const BARS = 12;

/** A row of bars that rise with the microphone's loudness; decoration for sighted users, labelled for others. */
function LevelMeter({ level, label }: { level: number; label: string }) {
  return (
    <div role="meter" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(level * 100)} className="flex h-8 items-end gap-1">
      {Array.from({ length: BARS }, (_, index) => {
        const threshold = (index + 1) / BARS;
        const lit = level >= threshold * 0.9;
        return (
          <span
            key={index}
            className={clsx('w-1.5 rounded-full transition-[height,background-color] duration-100', lit ? 'bg-accent' : 'bg-line-strong')}
            style={{ height: `${30 + 70 * Math.sin((Math.PI * (index + 1)) / (BARS + 1))}%` }}
          />
        );
      })}
    </div>
  );
}

function MicIcon() {
  return (
    <svg viewBox="0 0 24 24" className="size-8" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
      <rect x="9" y="3" width="6" height="11" rx="3" />
      <path d="M5.5 11a6.5 6.5 0 0 0 13 0M12 17.5V21" strokeLinecap="round" />
    </svg>
  );
}

function PauseIcon() {
  return (
    <svg viewBox="0 0 24 24" className="size-8" fill="currentColor" aria-hidden="true">
      <rect x="7" y="5.5" width="3.5" height="13" rx="1.2" />
      <rect x="13.5" y="5.5" width="3.5" height="13" rx="1.2" />
    </svg>
  );
}

interface Props {
  status: Extract<RecorderStatus, 'idle' | 'recording' | 'paused'>;
  elapsedMs: number;
  level: number;
  onTap: () => void;
  onStop: () => void;
}

/** The big tap target (record, pause, resume), the timer and level meter while recording, and Stop & Save. */
export function RecorderControls({ status, elapsedMs, level, onTap, onStop }: Props) {
  const { t } = useTranslation();
  const label =
    status === 'idle' ? t('mentorInterview.recorder.tapToRecord') : status === 'recording' ? t('mentorInterview.recorder.tapToPause') : t('mentorInterview.recorder.tapToResume');
  return (
    <div className="flex flex-col items-center gap-4 py-2">
      <button
        type="button"
        onClick={onTap}
        aria-label={label}
        className={clsx(
          'relative grid size-24 place-items-center rounded-full text-accent-contrast shadow-lift transition-transform duration-150 active:scale-95',
          'focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-focus',
          status === 'paused' ? 'bg-ink-soft' : 'bg-accent hover:bg-accent-strong',
        )}
      >
        {status === 'recording' ? <span className="absolute inset-0 animate-ping rounded-full bg-accent/30" aria-hidden="true" /> : null}
        {status === 'recording' ? <PauseIcon /> : <MicIcon />}
      </button>
      <p className="text-sm text-ink-soft" aria-hidden="true">
        {label}
      </p>
      {status === 'idle' ? null : (
        <>
          <div className="flex items-center gap-4">
            <span className="font-mono text-2xl text-ink tabular-nums" role="timer" aria-label={t('mentorInterview.recorder.elapsed')}>
              {clock(elapsedMs)}
            </span>
            <LevelMeter level={status === 'recording' ? level : 0} label={t('mentorInterview.recorder.level')} />
          </div>
          <Button variant="secondary" onClick={onStop}>
            <span className="size-3 rounded-[3px] bg-danger" aria-hidden="true" />
            {t('mentorInterview.recorder.stopAndSave')}
          </Button>
        </>
      )}
    </div>
  );
}
