import { FRAGMENT_LIMITS } from '@meld/shared';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { Alert } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { isApiError } from '@/lib/api-error.ts';
import { canRecord, isMicDenied } from '@/lib/media.ts';
import { useMediaRecorder } from '@/lib/use-media-recorder.ts';
import { useCreateVoiceFragment } from '../api/fragments-queries.ts';

type Phase = 'idle' | 'recording' | 'uploading';

interface VoiceNoteDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCaptured: (id: string) => void;
}

/**
 * The voice note: up to 90 s with a countdown, then uploaded and transcribed; the transcript is the
 * fragment. At 90 s it stops and sends by itself. The server's own words explain a refusal (for
 * example, transcription not set up on this installation).
 */
export function VoiceNoteDialog({ open, onOpenChange, onCaptured }: VoiceNoteDialogProps) {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<Phase>('idle');
  const [error, setError] = useState<string | null>(null);
  const upload = useCreateVoiceFragment();
  const onLimit = useRef<() => void>(() => undefined);
  const media = useMediaRecorder(phase === 'recording', onLimit, FRAGMENT_LIMITS.voiceNoteMaxMs);
  const supported = canRecord();

  const start = async () => {
    setError(null);
    try {
      await media.start();
      setPhase('recording');
    } catch (failure) {
      setError(isMicDenied(failure) ? t('fragments.voice.denied') : t('fragments.voice.failed'));
    }
  };

  const finish = async () => {
    setPhase('uploading');
    const recording = await media.stop();
    if (!recording) return setPhase('idle');
    upload.mutate(
      { audio: recording.blob, durationMs: Math.min(recording.durationMs, FRAGMENT_LIMITS.voiceNoteMaxMs) },
      {
        onSuccess: (fragment) => {
          setPhase('idle');
          onOpenChange(false);
          onCaptured(fragment.id);
        },
        onError: (failure) => {
          setPhase('idle');
          setError(isApiError(failure) && failure.message ? failure.message : t('fragments.voice.failed'));
        },
      },
    );
  };

  useEffect(() => {
    onLimit.current = () => void finish();
  });

  const close = (next: boolean) => {
    if (next) return onOpenChange(true);
    if (phase === 'uploading') return;
    media.release();
    setPhase('idle');
    setError(null);
    onOpenChange(false);
  };

  const remaining = Math.max(0, Math.ceil((FRAGMENT_LIMITS.voiceNoteMaxMs - media.elapsedMs) / 1000));
  const progress = Math.min(1, media.elapsedMs / FRAGMENT_LIMITS.voiceNoteMaxMs);

  return (
    <Modal open={open} onOpenChange={close} title={t('fragments.voice.title')} description={t('fragments.voice.description')}>
      <div className="flex flex-col items-center gap-5 px-6 pt-4 pb-6 text-center">
        {!supported ? <Alert tone="warning">{t('fragments.voice.unsupported')}</Alert> : null}
        {error ? <Alert tone="error">{error}</Alert> : null}
        {phase === 'recording' ? (
          <>
            <div className="relative grid size-28 place-items-center rounded-full bg-accent-soft" aria-hidden="true">
              <span className="absolute inset-0 rounded-full bg-accent/20" style={{ transform: `scale(${1 + media.level * 0.35})` }} />
              <span className="relative font-serif text-3xl font-semibold text-accent-strong tabular-nums">{remaining}s</span>
            </div>
            <p role="timer" aria-live="off" aria-label={t('fragments.voice.remainingLabel', { seconds: String(remaining) })} className="text-sm text-ink-soft">
              <span className="mr-2 inline-block size-2 animate-pulse rounded-full bg-danger align-middle" aria-hidden="true" />
              {t('fragments.voice.recording')} · {t('fragments.voice.remaining', { seconds: String(remaining) })}
            </p>
            <div className="h-1.5 w-full overflow-hidden rounded-full bg-sunken" aria-hidden="true">
              <div className="h-full rounded-full bg-accent transition-[width] duration-100" style={{ width: `${progress * 100}%` }} />
            </div>
            <Button onClick={() => void finish()}>{t('fragments.voice.stop')}</Button>
          </>
        ) : phase === 'uploading' ? (
          <p role="status" className="flex items-center gap-2 py-6 text-ink-soft">
            <Spinner />
            {t('fragments.voice.uploading')}
          </p>
        ) : (
          <Button onClick={() => void start()} disabled={!supported}>
            {error ? t('fragments.voice.tryAgain') : t('fragments.voice.start')}
          </Button>
        )}
      </div>
    </Modal>
  );
}
