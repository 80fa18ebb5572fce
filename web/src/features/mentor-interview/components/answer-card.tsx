import type { MentorProfile, MentorResponse } from '@meld/shared';
import { MENTOR_INTERVIEW_STAGE_COUNT } from '@meld/shared';
import clsx from 'clsx';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { Alert } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { saveAnswer } from '../api/interview-api.ts';
import { useRecorder } from '../hooks/use-recorder.ts';
import { useTranscriptionWait } from '../hooks/use-transcription-wait.ts';
import { canRecord } from '@/lib/media.ts';
import { DifferentQuestion } from './different-question.tsx';
import { FinalisingOverlay } from './finalising-overlay.tsx';
import { MicDeniedDialog } from './mic-denied-dialog.tsx';
import { RecorderPanel } from './recorder-panel.tsx';
import { TextAnswer } from './text-answer.tsx';

type Mode = 'audio' | 'text';

interface Props {
  token: string;
  step: number;
  response: MentorResponse;
  profile: MentorProfile;
  approving: boolean;
  onApprove: (answer: string) => void;
}

const BUSY = new Set(['recording', 'paused', 'stopped', 'transcribing']);

/**
 * The answer card (spec 001 sections 2 and 4): record or write, approve once there is an answer,
 * and ask for a different question from step 2 while nothing is answered or being recorded.
 */
export function AnswerCard({ token, step, response, profile, approving, onApprove }: Props) {
  const { t } = useTranslation();
  const audioOffered = profile.transcriptionAvailable && canRecord();
  const [micDenied, setMicDenied] = useState(false);
  const recorder = useRecorder({ token, step, response, maxAudioBytes: profile.maxAudioBytes, onMicDenied: () => setMicDenied(true) });
  const writtenBefore = recorder.state.status === 'idle' && response.response_text.trim() !== '' && response.status !== 'rejected';
  // A recording already on the server shows in the recorder even where recording is no longer offered.
  const [mode, setMode] = useState<Mode>(() => (recorder.state.status !== 'idle' ? 'audio' : writtenBefore || !audioOffered ? 'text' : 'audio'));
  const [text, setText] = useState(() => (writtenBefore ? response.response_text : ''));
  const saved = useRef(writtenBefore ? response.response_text : '');
  // An open edit of the transcript holds Approve: approving then would submit the text being replaced.
  const [editing, setEditing] = useState(false);
  const [saveState, setSaveState] = useState<'idle' | 'saving' | 'saved' | 'failed'>('idle');

  // When the overlay goes, focus comes back to the card rather than falling to the page.
  const card = useRef<HTMLElement>(null);
  const wasPolling = useRef(false);
  useEffect(() => {
    const polling = recorder.waiting === 'polling';
    if (wasPolling.current && !polling) card.current?.focus();
    wasPolling.current = polling;
  }, [recorder.waiting]);

  const waitedMs = useTranscriptionWait({ token, step, active: recorder.waiting === 'polling', onUpdate: recorder.applyResponse, onTimeout: recorder.review });

  const status = recorder.state.status;
  const answer = mode === 'text' ? text : status === 'complete' ? recorder.state.transcript : '';
  const hasAnswer = answer.trim() !== '';
  const showToggle = audioOffered && status === 'idle' && text.trim() === '';
  const offerDifferent = step >= 2 && !hasAnswer && !BUSY.has(status);

  const saveOnBlur = async () => {
    if (text === saved.current) return;
    const sent = text;
    setSaveState('saving');
    try {
      await saveAnswer(token, step, { response_text: sent });
      saved.current = sent;
      setSaveState('saved');
    } catch {
      setSaveState('failed');
    }
  };

  return (
    <section ref={card} tabIndex={-1} aria-label={t('mentorInterview.card.answerLabel')} className="rounded-3xl outline-none border border-line bg-surface p-5 shadow-soft sm:p-7">
      {showToggle ? (
        <div role="group" aria-label={t('mentorInterview.card.modeLabel')} className="mx-auto mb-6 grid w-full max-w-xs grid-cols-2 rounded-xl bg-sunken p-1">
          {(['audio', 'text'] as const).map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={mode === option}
              onClick={() => setMode(option)}
              className={clsx(
                'h-10 rounded-lg text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-focus',
                mode === option ? 'bg-surface text-ink shadow-soft' : 'text-ink-soft hover:text-ink',
              )}
            >
              {option === 'audio' ? t('mentorInterview.card.record') : t('mentorInterview.card.write')}
            </button>
          ))}
        </div>
      ) : null}
      {!profile.transcriptionAvailable || !canRecord() ? (
        <Alert tone="info" className="mb-4">
          {profile.transcriptionAvailable ? t('mentorInterview.recorder.unsupported') : t('mentorInterview.card.transcriptionUnavailable')}
        </Alert>
      ) : null}
      {mode === 'audio' ? (
        <RecorderPanel recorder={recorder} stillWaiting={recorder.waiting === 'reviewed'} onCheckAgain={recorder.checkAgain} onEditingChange={setEditing} />
      ) : (
        <TextAnswer value={text} onChange={setText} onBlur={() => void saveOnBlur()} saveState={saveState} />
      )}
      <div className="mt-6 flex flex-col gap-4">
        <Button size="lg" block disabled={!hasAnswer || (mode === 'audio' && editing)} loading={approving} onClick={() => onApprove(answer)}>
          {approving ? t('mentorInterview.card.approving') : step === MENTOR_INTERVIEW_STAGE_COUNT ? t('mentorInterview.card.approveLast') : t('mentorInterview.card.approve')}
        </Button>
        {offerDifferent ? <DifferentQuestion token={token} step={step} response={response} /> : null}
      </div>
      {recorder.waiting === 'polling' ? <FinalisingOverlay waitedMs={waitedMs} onReview={recorder.review} /> : null}
      <MicDeniedDialog
        open={micDenied}
        onClose={() => setMicDenied(false)}
        onWrite={
          showToggle
            ? () => {
                setMicDenied(false);
                setMode('text');
              }
            : undefined
        }
      />
    </section>
  );
}
