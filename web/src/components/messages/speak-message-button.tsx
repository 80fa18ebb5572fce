import type { Message } from '@meld/shared';
import { TEXT_TO_SPEECH_LIMITS } from '@meld/shared';
import { useRef } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { stopSpeaking, usePlayback } from '@/lib/speech/speech-player.ts';
import { LONG_PRESS_MS } from '@/lib/speech/speech-settings.ts';
import { useReadAloud } from '@/lib/speech/use-read-aloud.ts';
import { showToast } from '@/lib/toast.ts';
import { useUserSettings } from '@/lib/user-settings.ts';
import { messageActionClasses, messageCopyText } from './copy-message-button.tsx';

const SPEAKER = 'M3.5 8v4h3l4 3.5v-11l-4 3.5h-3ZM13.5 7.5a3.5 3.5 0 0 1 0 5M15.5 5a7 7 0 0 1 0 10';
const STOP = 'M6.5 5.5h7a1 1 0 0 1 1 1v7a1 1 0 0 1-1 1h-7a1 1 0 0 1-1-1v-7a1 1 0 0 1 1-1Z';

/**
 * The speaker under a reply: a click reads it aloud with the chosen engine (or stops it), holding
 * it for a second reads it with the server's voice (spec 000 section 4). Hidden while text to
 * speech is off.
 */
export function SpeakMessageButton({ message }: { message: Message }) {
  const { t } = useTranslation();
  const { textToSpeech } = useUserSettings();
  const playback = usePlayback();
  const readAloud = useReadAloud();
  const pressTimer = useRef<number | undefined>(undefined);
  const longPressed = useRef(false);
  if (!textToSpeech) return null;

  const mine = playback?.id === message.messageId ? playback : null;
  const label = mine ? (mine.status === 'loading' ? t('speech.speaker.loading') : t('speech.speaker.stop')) : t('speech.speaker.read');

  const start = (external: boolean) => {
    const text = messageCopyText(message);
    if (text.length >= TEXT_TO_SPEECH_LIMITS.longAudioWarning) showToast({ message: t('speech.speaker.longAudio'), severity: 'warning' });
    readAloud(message.messageId, text, { external });
  };

  const release = () => window.clearTimeout(pressTimer.current);

  return (
    <button
      type="button"
      aria-label={label}
      title={mine ? label : t('speech.speaker.longPress')}
      aria-pressed={!!mine}
      className={messageActionClasses}
      onPointerDown={(event) => {
        if (event.button > 0 || mine) return;
        longPressed.current = false;
        release();
        pressTimer.current = window.setTimeout(() => {
          longPressed.current = true;
          start(true);
        }, LONG_PRESS_MS);
      }}
      onPointerUp={release}
      onPointerLeave={release}
      onPointerCancel={release}
      onClick={() => {
        // The click that ends a long press has already started the server's voice.
        if (longPressed.current) {
          longPressed.current = false;
          return;
        }
        if (mine) stopSpeaking();
        else start(false);
      }}
    >
      <svg viewBox="0 0 20 20" className={mine?.status === 'loading' ? 'size-3.5 shrink-0 animate-pulse' : 'size-3.5 shrink-0'} fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
        <path d={mine ? STOP : SPEAKER} />
      </svg>
      <span>{mine ? label : t('speech.speaker.read')}</span>
    </button>
  );
}
