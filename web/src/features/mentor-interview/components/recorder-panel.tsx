import { useTranslation } from '@/lib/use-translation.ts';
import { Alert } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import type { useRecorder } from '../hooks/use-recorder.ts';
import { RecorderControls } from './recorder-controls.tsx';
import { TranscriptView } from './transcript-view.tsx';

type Recorder = ReturnType<typeof useRecorder>;

const STATE_TEXT = {
  idle: 'mentorInterview.recorder.stateIdle',
  recording: 'mentorInterview.recorder.stateRecording',
  paused: 'mentorInterview.recorder.statePaused',
  stopped: 'mentorInterview.recorder.stateStopped',
  transcribing: 'mentorInterview.recorder.stateTranscribing',
  complete: 'mentorInterview.recorder.stateComplete',
  error: 'mentorInterview.recorder.stateError',
} as const;

interface Props {
  recorder: Recorder;
  /** The overlay has stopped waiting but the engine has not finished. */
  stillWaiting: boolean;
  onCheckAgain: () => void;
  onEditingChange: (editing: boolean) => void;
}

/** The audio side of the answer card, one view per recorder state; the state is announced as it changes. */
export function RecorderPanel({ recorder, stillWaiting, onCheckAgain, onEditingChange }: Props) {
  const { t } = useTranslation();
  const { state } = recorder;
  const { status } = state;

  return (
    <div className="flex flex-col gap-4">
      {/* Announced on every change; the failure has its own heading, so there it is only heard. */}
      <p aria-live="polite" className={status === 'error' ? 'sr-only' : 'text-center text-sm font-medium text-ink-soft'}>
        {t(STATE_TEXT[status])}
      </p>
      {status === 'idle' || status === 'recording' || status === 'paused' ? (
        <RecorderControls
          status={status}
          elapsedMs={recorder.elapsedMs}
          level={recorder.level}
          onTap={() => void recorder.tap()}
          onStop={() => void recorder.stopAndSave()}
        />
      ) : null}
      {status === 'stopped' || status === 'transcribing' ? (
        <div className="flex flex-col items-center gap-3 py-6 text-center">
          <Spinner className="text-2xl text-accent" />
          <p className="text-sm text-ink-soft">{stillWaiting ? t('mentorInterview.recorder.stillTranscribing') : t('mentorInterview.recorder.typical')}</p>
          {stillWaiting ? (
            <Button variant="secondary" size="sm" onClick={onCheckAgain}>
              {t('mentorInterview.recorder.checkAgain')}
            </Button>
          ) : null}
        </div>
      ) : null}
      {status === 'complete' ? (
        <TranscriptView transcript={state.transcript} onSave={recorder.saveEdit} onDelete={() => void recorder.deleteAndRerecord()} onEditingChange={onEditingChange} />
      ) : null}
      {status === 'error' ? (
        <div className="flex flex-col items-center gap-4 text-center">
          <div>
            <p className="font-serif text-xl font-semibold text-ink">{t('mentorInterview.recorder.failedTitle')}</p>
            <p className="mt-1 text-ink-soft">{t('mentorInterview.recorder.failedBody')}</p>
          </div>
          {state.error ? <Alert className="w-full text-left">{t('mentorInterview.recorder.failedAlert', { message: state.error })}</Alert> : null}
          <div className="flex flex-wrap justify-center gap-2">
            <Button onClick={recorder.tryAgain}>{t('mentorInterview.recorder.tryAgain')}</Button>
            {recorder.retryable ? (
              <Button variant="secondary" onClick={() => void recorder.retry()}>
                {t('mentorInterview.recorder.retryTranscription')}
              </Button>
            ) : null}
          </div>
        </div>
      ) : null}
      {recorder.notice ? (
        <Alert tone="warning" className="text-left">
          {recorder.notice}
        </Alert>
      ) : null}
    </div>
  );
}
