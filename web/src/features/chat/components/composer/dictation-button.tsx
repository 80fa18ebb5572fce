import clsx from 'clsx';
import { useRef } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { useDictation, type DictationProblem } from '@/lib/speech/use-dictation.ts';
import { showToast } from '@/lib/toast.ts';
import { useUserSettings } from '@/lib/user-settings.ts';

const MIC = 'M10 3a2.5 2.5 0 0 0-2.5 2.5v4a2.5 2.5 0 0 0 5 0v-4A2.5 2.5 0 0 0 10 3ZM5 9.5a5 5 0 0 0 10 0M10 14.5V17';
const STOP = 'M7 6.5h6a.5.5 0 0 1 .5.5v6a.5.5 0 0 1-.5.5H7a.5.5 0 0 1-.5-.5V7a.5.5 0 0 1 .5-.5Z';

interface DictationButtonProps {
  /** The composer's text: dictation adds to what was there when it started. */
  text: string;
  onText: (text: string) => void;
  onAutoSend: () => void;
  disabled?: boolean;
}

/** The microphone beside the send button, shown while the dictation setting is on. */
export function DictationButton({ text, onText, onAutoSend, disabled }: DictationButtonProps) {
  const { t } = useTranslation();
  const { speechToText } = useUserSettings();
  const before = useRef('');
  const dictation = useDictation({
    onTranscript: (heard) => onText(before.current ? `${before.current} ${heard}` : heard),
    onAutoSend,
    onProblem: (problem: DictationProblem) => showToast({ message: t(`speech.mic.${problem}`), severity: problem === 'nothingHeard' ? 'warning' : 'error' }),
  });
  if (!speechToText) return null;

  const listening = dictation.state === 'listening';
  const busy = dictation.state === 'transcribing';
  const label = listening ? t('speech.mic.stop') : busy ? t('speech.mic.transcribing') : t('speech.mic.start');

  return (
    <div className="ml-auto flex shrink-0 items-center gap-2">
      {listening || busy ? (
        <span role="status" className="text-sm text-ink-faint">
          {listening ? t('speech.mic.listening') : t('speech.mic.transcribing')}
        </span>
      ) : null}
      <button
        type="button"
        aria-label={label}
        title={label}
        aria-pressed={listening}
        disabled={disabled || busy || !dictation.ready}
        onClick={() => {
          if (listening) return dictation.stop();
          before.current = text.trim();
          dictation.start();
        }}
        className={clsx(
          'grid size-9 place-items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus disabled:cursor-not-allowed disabled:opacity-50',
          listening ? 'bg-danger-soft text-danger' : 'text-ink-soft hover:bg-sunken hover:text-ink',
        )}
      >
        <svg viewBox="0 0 20 20" className={clsx('size-[1.15rem]', (listening || busy) && 'animate-pulse')} fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
          <path d={listening ? STOP : MIC} />
        </svg>
      </button>
    </div>
  );
}
