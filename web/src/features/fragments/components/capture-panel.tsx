import clsx from 'clsx';
import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { useVoiceNotesAvailable } from '@/lib/speech/use-voice-notes-available.ts';

export type CaptureKind = 'quick' | 'voice' | 'webClip';

/** The ways in this installation offers, in the panel's order. */
export function captureKinds(voiceNotes: boolean): CaptureKind[] {
  return voiceNotes ? ['quick', 'voice', 'webClip'] : ['quick', 'webClip'];
}

const icons: Record<CaptureKind, ReactNode> = {
  quick: <path d="M4 16.5 15.5 5a1.8 1.8 0 0 0-2.5-2.5L1.5 14v2.5H4z" />,
  voice: (
    <>
      <rect x="7" y="2" width="6" height="10" rx="3" />
      <path d="M4 9.5a6 6 0 0 0 12 0M10 15.5V18" />
    </>
  ),
  webClip: <path d="M8.5 11.5a3.5 3.5 0 0 0 5 0l2.5-2.5a3.5 3.5 0 0 0-5-5l-1 1M11.5 8.5a3.5 3.5 0 0 0-5 0L4 11a3.5 3.5 0 0 0 5 5l1-1" />,
};

const hints: Record<CaptureKind, 'fragments.capture.quickHint' | 'fragments.capture.voiceHint' | 'fragments.capture.webClipHint'> = {
  quick: 'fragments.capture.quickHint',
  voice: 'fragments.capture.voiceHint',
  webClip: 'fragments.capture.webClipHint',
};

/**
 * The left panel's ways in: Quick Fragment, Voice note (90 s) and Web clip. The voice note is offered
 * only where the server can transcribe it: a recording it cannot keep would be thrown away.
 */
export function CapturePanel({ onCapture }: { onCapture: (kind: CaptureKind) => void }) {
  const { t } = useTranslation();
  const kinds = captureKinds(useVoiceNotesAvailable());
  return (
    <div className={clsx('grid gap-2 @6xl:flex @6xl:flex-col', kinds.length === 3 ? 'grid-cols-3' : 'grid-cols-2')}>
      {kinds.map((kind) => (
        <button
          key={kind}
          type="button"
          onClick={() => onCapture(kind)}
          className="group flex min-w-0 flex-col items-center gap-2 rounded-2xl border border-line bg-surface px-2 py-3 text-center shadow-soft transition-colors hover:border-line-strong focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus @lg:flex-row @lg:gap-2.5 @lg:px-3 @lg:text-left"
        >
          <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-accent-soft text-accent-strong" aria-hidden="true">
            <svg viewBox="0 0 20 20" className="size-5" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round">
              {icons[kind]}
            </svg>
          </span>
          <span className="min-w-0">
            <span className="block text-sm font-medium text-ink @lg:truncate @lg:text-[0.95rem]">{t(`fragments.capture.${kind}`)}</span>
            <span className="mt-0.5 block text-xs leading-snug text-ink-faint @lg:mt-0 @lg:truncate">{t(hints[kind])}</span>
          </span>
        </button>
      ))}
    </div>
  );
}
